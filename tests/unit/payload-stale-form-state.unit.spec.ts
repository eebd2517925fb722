import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import loader, { CLIENT_BUNDLE, keepNewerErrors } from '../../src/server/patches/payload-stale-form-state.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const bundle = createRequire(path.join(root, 'package.json')).resolve('@payloadcms/ui')

type Fields = Record<string, { value?: unknown; valid?: boolean; errorMessage?: string }>

// The form's code as the bundle has it, with readable names: it renders its fields into its
// context ref and, a moment after a change, merges the server's answer about `asked`.
const form = `form.current.fields=asked;return async()=>{let answer;for(let change of onChange)answer=await change({formState:copy(asked,{excludeFiles:!0}),submitted:submitted});dispatch({type:"MERGE_SERVER_STATE",prevStateRef:prev,serverState:answer})}`

// What the patched form hands to the merge: `asked` is the form when it asked, `now` the form
// when the server's `answer` comes (a save's messages may have come meanwhile).
async function merged({
  asked,
  now,
  answer,
  submitted = false,
}: {
  asked: Fields
  now: Fields
  answer: Fields
  submitted?: boolean
}) {
  const ref: { current: { fields?: Fields } } = { current: {} }
  let handed: unknown
  const change = async () => {
    ref.current.fields = now
    return structuredClone(answer)
  }
  const dispatch = (action: { serverState: unknown }) => (handed = action.serverState)
  const task = new Function(
    'form',
    'asked',
    'submitted',
    'onChange',
    'dispatch',
    `const copy=(state)=>state,prev={};${loader(form)}`,
  )(ref, asked, submitted, [change], dispatch) as () => Promise<void>
  await task()
  return handed
}

describe('payload-stale-form-state', () => {
  it("applies to the file Next bundles as Payload's admin client", () => {
    expect(path.relative(root, bundle)).toMatch(CLIENT_BUNDLE)
  })

  it('finds the code it changes once in the installed bundle, or the build stops', () => {
    const source = fs.readFileSync(bundle, 'utf8')
    expect(() => keepNewerErrors(source)).not.toThrow()
    expect(() => keepNewerErrors('export {}')).toThrow(/0 times, not once/)
    expect(() => keepNewerErrors(form + form)).toThrow(/2 times, not once/)
  })

  const missing = 'Title, before image, and after image are required'
  const asked: Fields = { title: { value: 'Audi' }, beforeImage: {} }
  const answer: Fields = { title: { value: 'Audi' }, beforeImage: {} }
  const refused: Fields = { title: { value: 'Audi' }, beforeImage: { valid: false, errorMessage: missing } }

  it("keeps, against an unvalidated answer, a field's error that came after the question", async () => {
    expect(await merged({ asked, now: refused, answer })).toEqual({
      title: { value: 'Audi' },
      beforeImage: { valid: false },
    })
  })

  it('merges the answer as Payload does otherwise', async () => {
    const unchanged = { title: { value: 'Audi' }, beforeImage: {} }
    // Nothing invalid meanwhile.
    expect(await merged({ asked, now: asked, answer })).toEqual(unchanged)
    // A validated answer (the form was submitted when it asked) is the server's word.
    expect(await merged({ asked, now: refused, answer, submitted: true })).toEqual(unchanged)
    // The field was invalid when the form asked: the answer is about it, as before.
    expect(await merged({ asked: refused, now: refused, answer })).toEqual(unchanged)
    // No answer (a request that failed or was cut short).
    expect(await merged({ asked, now: refused, answer: undefined as unknown as Fields })).toBeUndefined()
  })
})
