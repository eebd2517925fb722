import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { lexicalCondition, withLexicalCondition } from '../../src/server/patches/lexical-node-conditions.mjs'

const root = path.resolve(import.meta.dirname, '../..')

// A child `node` with the given NODE_OPTIONS, from the project's folder.
function node(nodeOptions: string, script: string) {
  const env = { ...process.env, NODE_OPTIONS: nodeOptions }
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  })
}

describe("Lexical's export condition", () => {
  it('follows NODE_ENV and is added to NODE_OPTIONS once, beside what is there', () => {
    expect(lexicalCondition('production')).toBe('--conditions=production')
    expect(lexicalCondition('development')).toBe('--conditions=development')
    expect(lexicalCondition('test')).toBe('--conditions=development')
    expect(lexicalCondition(undefined)).toBe('--conditions=development')
    expect(withLexicalCondition(undefined, 'production')).toBe('--conditions=production')
    expect(withLexicalCondition('--max-old-space-size=512', undefined)).toBe(
      '--max-old-space-size=512 --conditions=development',
    )
    expect(withLexicalCondition(' --conditions=development ', 'test')).toBe('--conditions=development')
  })

  it("is needed while Lexical's Node entry picks its build with a top-level await import()", () => {
    const entry = node('', `console.log(import.meta.resolve('lexical'))`).stdout.trim()
    expect(fs.readFileSync(new URL(entry), 'utf8')).toMatch(/^const mod = await \(.*import\(/m)
  })

  it("makes Node load Lexical's build itself, not the entry that picks one with a top-level await", () => {
    const script = `console.log(import.meta.resolve('lexical'))`
    const plain = node('', script)
    expect(plain.stdout.trim()).toMatch(/\/lexical\/dist\/Lexical\.node\.mjs$/)
    const named = node(withLexicalCondition(undefined, 'test'), script)
    expect(named.stdout.trim()).toMatch(/\/lexical\/dist\/Lexical\.dev\.mjs$/)
    const production = node(withLexicalCondition(undefined, 'production'), script)
    expect(production.stdout.trim()).toMatch(/\/lexical\/dist\/Lexical\.prod\.mjs$/)
  })

  // Without the condition this order of imports ended with status 13 (no timer holds these
  // processes open) in 15 of 20 runs here; five runs in a row would all pass about one time
  // in a thousand.
  it('lets the Payload packages load in the order that stalled, five times in a row', () => {
    const script = `await import('payload'); await import('@payloadcms/richtext-lexical'); console.log('loaded')`
    for (let run = 0; run < 5; run++) {
      const result = node(withLexicalCondition(undefined, 'test'), script)
      expect({ status: result.status, stdout: result.stdout.trim() }, result.stderr).toEqual({
        status: 0,
        stdout: 'loaded',
      })
    }
  }, 360_000)
})
