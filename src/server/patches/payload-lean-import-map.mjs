#!/usr/bin/env node
// Part of the lean import map workaround (payload-admin-import-map.ts): writes
// src/app/(payload)/admin/importMap.lean.js, Payload's generated import map without the
// rich-text editor's entries. `npm run generate` runs it after Payload's own.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const FULL_MAP = path.join(root, 'src/app/(payload)/admin/importMap.js')
export const LEAN_MAP = path.join(root, 'src/app/(payload)/admin/importMap.lean.js')
const EDITOR_PACKAGE = '@payloadcms/richtext-lexical'

/** The generated map's source without the imports from the editor's package and their entries. */
export function leanImportMap(source) {
  const dropped = new Set()
  const kept = []
  for (const line of source.split('\n')) {
    const imported = /^import \{ \w+ as (\w+) \} from '([^']+)'$/.exec(line)
    if (imported && imported[2].startsWith(EDITOR_PACKAGE)) {
      dropped.add(imported[1])
      continue
    }
    const entry = /^\s+"[^"]+": (\w+),?$/.exec(line)
    if (entry && dropped.has(entry[1])) continue
    kept.push(line)
  }
  if (dropped.size === 0 && source.includes(EDITOR_PACKAGE)) {
    throw new Error(`${FULL_MAP}: its ${EDITOR_PACKAGE} lines are not in the expected shape`)
  }
  return kept.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(LEAN_MAP, leanImportMap(fs.readFileSync(FULL_MAP, 'utf8')))
  console.log(`wrote ${path.relative(root, LEAN_MAP)}`)
}
