import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// A migration runs as it was written, forever: one that imported the app's code would change
// what it does whenever that code changes. Only the database adapter's API is imported.
const dir = path.resolve(import.meta.dirname, '../../migrations')

describe('each migration', () => {
  it('imports nothing of the app: its data is its own', () => {
    const imports = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .flatMap((f) =>
        [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^import .* from '([^']+)'/gm)].map(
          (m) => `${f}: ${m[1]}`,
        ),
      )
    expect(imports.length).toBeGreaterThan(0)
    expect(imports.filter((i) => !/: @payloadcms\/db-postgres$/.test(i))).toEqual([])
  })
})
