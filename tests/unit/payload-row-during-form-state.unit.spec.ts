import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import loader, { askAgainAfterChanges } from '../../src/server/patches/payload-row-during-form-state.mjs'
import { keepNewerErrors } from '../../src/server/patches/payload-stale-form-state.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const bundle = createRequire(path.join(root, 'package.json')).resolve('@payloadcms/ui')

type Fields = Record<string, { value?: unknown; isLoading?: boolean }>
type Ref = { current: Fields | undefined }

// The form reducer's merge as the bundle has it, with readable names.
const reducer = `return function reduce(state,action){switch(action.type){case"MERGE_SERVER_STATE":{let{acceptValues:accept,prevStateRef:prev,serverState:answer}=action,merged=merge({acceptValues:accept,currentState:state||{},incomingState:answer});return prev.current=merged,merged}}}`

const reduce = new Function('merge', loader(reducer))(
  ({ currentState, incomingState }: { currentState: Fields; incomingState: Fields }) => ({
    ...currentState,
    ...incomingState,
  }),
) as (
  state: Fields,
  action: { type: string; prevStateRef: Ref; serverState: Fields; acceptValues?: boolean },
) => Fields

describe('payload-row-during-form-state', () => {
  it('finds the code it changes once in the installed bundle, before or after the other patch', () => {
    const source = fs.readFileSync(bundle, 'utf8')
    expect(() => askAgainAfterChanges(source)).not.toThrow()
    expect(askAgainAfterChanges(keepNewerErrors(source))).toBe(keepNewerErrors(askAgainAfterChanges(source)))
    expect(() => askAgainAfterChanges('export {}')).toThrow(/0 times, not once/)
    expect(() => askAgainAfterChanges(reducer + reducer)).toThrow(/2 times, not once/)
  })

  const asked: Fields = { name: { value: 'Hill Country Motors' } }
  const answer: Fields = { name: { value: 'Hill Country Motors' } }

  it('records the merged form as asked when nothing changed while the form waited', () => {
    const prev: Ref = { current: asked }
    const merged = reduce(asked, { type: 'MERGE_SERVER_STATE', prevStateRef: prev, serverState: answer })
    expect(prev.current).toBe(merged)
  })

  it('keeps what was asked when a row came meanwhile, so the form asks about the row', () => {
    const withRow: Fields = { ...asked, 'priceList.0.service': { isLoading: true } }
    const prev: Ref = { current: asked }
    const merged = reduce(withRow, { type: 'MERGE_SERVER_STATE', prevStateRef: prev, serverState: answer })
    expect(merged).toHaveProperty(['priceList.0.service'])
    expect(prev.current).toBe(asked)
  })

  it("leaves a save's merge as Payload has it", () => {
    const withRow: Fields = { ...asked, 'priceList.0.service': {} }
    const prev: Ref = { current: asked }
    const merged = reduce(withRow, {
      type: 'MERGE_SERVER_STATE',
      acceptValues: true,
      prevStateRef: prev,
      serverState: answer,
    })
    expect(prev.current).toBe(merged)
  })
})
