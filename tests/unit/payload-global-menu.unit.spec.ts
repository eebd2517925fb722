import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import loader, { menuOnlyWhenFilled } from '../../src/server/patches/payload-global-menu.mjs'
import { CLIENT_BUNDLE } from '../../src/server/patches/payload-stale-form-state.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const bundle = createRequire(path.join(root, 'package.json')).resolve('@payloadcms/ui')

// DocumentControls as the bundle has it, with readable names: its props, then its menu's gate.
const controls = `var base="doc-controls",Controls=props=>{let cache=memo(5),{id:id,slug:slug,disableActions:off,hasSavePermission:save,permissions:perms}=props,{config:config}=useConfig(),create=perms&&perms.create,del=perms&&perms.delete,show=!!(!off&&(collection&&id&&(create||del)||global&&(drafts||localization)));return show}`

type Case = { save: boolean; drafts: boolean; localization?: boolean; collection?: boolean; create?: boolean }

// Whether the patched controls show the ⋮ menu.
function shows({ save, drafts, localization = false, collection = false, create = false }: Case): boolean {
  const Controls = new Function(
    'memo',
    'useConfig',
    'collection',
    'global',
    'drafts',
    'localization',
    `${loader(controls)};return Controls`,
  )(
    () => [],
    () => ({ config: {} }),
    collection,
    !collection,
    drafts,
    localization,
  ) as (props: Record<string, unknown>) => boolean
  return Controls({
    id: 1,
    slug: 'home-page',
    disableActions: false,
    hasSavePermission: save,
    permissions: { create },
  })
}

describe('payload-global-menu', () => {
  it("applies to the file Next bundles as Payload's admin client", () => {
    expect(path.relative(root, bundle)).toMatch(CLIENT_BUNDLE)
  })

  it('finds the code it changes once in the installed bundle, or the build stops', () => {
    const source = fs.readFileSync(bundle, 'utf8')
    expect(menuOnlyWhenFilled(source)).not.toBe(source)
    expect(() => menuOnlyWhenFilled('export {}')).toThrow(/0 times, not once/)
    expect(() => menuOnlyWhenFilled(controls + controls)).toThrow(/2 times, not once/)
    // The prop's name declared again before the gate: it would no longer be the prop.
    const shadowed = controls.replace(',{config:config}', ',save=1,{config:config}')
    expect(() => menuOnlyWhenFilled(shadowed)).toThrow(/not where its props are/)
  })

  it("a global's drafts show the menu only to those who may save it", () => {
    expect(shows({ save: false, drafts: true })).toBe(false)
    expect(shows({ save: true, drafts: true })).toBe(true)
    expect(shows({ save: true, drafts: false })).toBe(false)
  })

  it('leaves the other reasons as Payload has them', () => {
    expect(shows({ save: false, drafts: true, localization: true })).toBe(true)
    expect(shows({ save: false, drafts: false, collection: true, create: true })).toBe(true)
    expect(shows({ save: true, drafts: true, collection: true, create: false })).toBe(false)
  })
})
