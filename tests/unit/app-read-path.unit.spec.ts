import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// Pages and route handlers read through src/data (or a src/server entry) and never reach into a
// collection's modules or start Payload themselves, so a query has one place to be found and
// changed. Payload's own generated routes, under (payload), take its config as the template has.
const app = path.resolve(import.meta.dirname, '../../src/app')
const ours = path.join(app, '(frontend)')

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the app folder', () => {
  it('reads through src/data: no collection module, no getPayload of its own', () => {
    const all = files(ours)
    expect(all.length).toBeGreaterThan(20)
    const offenders = all.flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8')
      const name = path.relative(app, file)
      return [
        ...(/from '@\/collections\//.test(source) ? [`${name}: imports a collection module`] : []),
        ...(/\bgetPayload\(/.test(source) ? [`${name}: calls getPayload`] : []),
      ]
    })
    expect(offenders).toEqual([])
  })
})
