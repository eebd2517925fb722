import type { ImportMap } from 'payload'

import { importMap as lean } from './importMap.lean.js'

// Payload keeps the last import map it is handed on its one shared instance and reads it
// while rendering, so every route hands it this same object (one per process): the
// rich-text routes add the editor's entries to it (rich-text.tsx) instead of swapping it.
const processWide = globalThis as typeof globalThis & { backOfficeImportMap?: ImportMap }

export const importMap: ImportMap = (processWide.backOfficeImportMap ??= { ...lean })
