import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { FULL_MAP, LEAN_MAP, leanImportMap } from '../../src/server/patches/payload-lean-import-map.mjs'

// The admin's routes without rich text import the lean map (no Lexical); the routes of the
// collections and globals with a rich-text field import the full one (src/server/patches/payload-rich-text-routes.tsx).
const ADMIN = path.dirname(FULL_MAP)

type FieldLike = { type?: string; fields?: FieldLike[]; tabs?: FieldLike[]; blocks?: FieldLike[] }

const hasRichText = (fields: FieldLike[] = []): boolean =>
  fields.some(
    (field) =>
      field.type === 'richText' ||
      hasRichText(field.fields) ||
      hasRichText(field.tabs) ||
      hasRichText(field.blocks),
  )

describe("the admin's lean import map", () => {
  const full = fs.readFileSync(FULL_MAP, 'utf8')
  const lean = fs.readFileSync(LEAN_MAP, 'utf8')

  it('is the generated map without the editor (run `npm run generate` when this fails)', () => {
    expect(lean).toBe(leanImportMap(full))
    expect(lean).not.toContain('@payloadcms/richtext-lexical')
    expect(full).toContain('@payloadcms/richtext-lexical/client#BoldFeatureClient')
  })

  it("keeps every entry that is not the editor's", () => {
    const keys = (source: string) => [...source.matchAll(/^\s+"([^"]+)":/gm)].map((m) => m[1])
    const expected = keys(full).filter((key) => !key.startsWith('@payloadcms/richtext-lexical'))
    expect(expected.length).toBeGreaterThan(10)
    expect(keys(lean)).toEqual(expected)
  })

  it('drops the editor in the shape Payload writes, and refuses a shape it does not know', () => {
    const generated = [
      "import { A as A_1 } from '@/components/a'",
      "import { B as B_2 } from '@payloadcms/richtext-lexical/client'",
      '',
      'export const importMap = {',
      '  "@/components/a#A": A_1,',
      '  "@payloadcms/richtext-lexical/client#B": B_2',
      '}',
    ].join('\n')
    expect(leanImportMap(generated)).toBe(
      [
        "import { A as A_1 } from '@/components/a'",
        '',
        'export const importMap = {',
        '  "@/components/a#A": A_1,',
        '}',
      ].join('\n'),
    )
    expect(() => leanImportMap('import * as editor from "@payloadcms/richtext-lexical/client"')).toThrow(
      /not in the expected shape/,
    )
  })

  it('has a rich-text route for every collection and global with a rich-text field, and only those', async () => {
    const config = await (await import('@payload-config')).default
    const withRichText = [
      ...config.collections
        .filter((c) => hasRichText(c.fields as FieldLike[]))
        .map((c) => `collections/${c.slug}`),
      ...config.globals.filter((g) => hasRichText(g.fields as FieldLike[])).map((g) => `globals/${g.slug}`),
    ].sort()
    const routed = ['collections', 'globals']
      .flatMap((kind) =>
        fs.existsSync(path.join(ADMIN, kind))
          ? fs.readdirSync(path.join(ADMIN, kind)).map((slug) => `${kind}/${slug}`)
          : [],
      )
      .sort()
    expect(withRichText).toEqual(['collections/job-postings', 'globals/site-pages'])
    expect(routed).toEqual(withRichText)
  })
})
