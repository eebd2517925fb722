import type { ImportMap } from 'payload'

import { importMap as lean } from '@/app/(payload)/admin/importMap.lean.js'

// Workaround: Payload 3.90's import map names every admin component, so each admin route's
// client code holds Lexical's editor (about 200 KiB gzip of script, 40 KiB of styles) even
// where nothing edits rich text (https://github.com/payloadcms/payload/issues/7212). The
// admin's layout and catch-all page take this map, the generated one without the editor
// (payload-lean-import-map.mjs); the routes that edit rich text add the editor's entries
// (payload-rich-text-routes.tsx).
// Payload keeps the last import map it is handed on its one shared instance and reads it
// while rendering (getPayload in payload/src/index.ts), so every route hands it this same
// object, one per process even where Next bundles this module twice: hence globalThis.
// Remove when Payload loads a field's client code only where it is rendered;
// tests/int/patches.int.spec.ts says when Payload stops keeping the last map.
const processWide = globalThis as typeof globalThis & { backOfficeImportMap?: ImportMap }

export const importMap: ImportMap = (processWide.backOfficeImportMap ??= { ...lean })
