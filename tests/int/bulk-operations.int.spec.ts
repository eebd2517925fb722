import { describe, expect, it } from 'vitest'

import { FORBIDDEN, seedLead, seedPromotion, snapshot } from '../helpers/fixtures'
import { toQs } from '../helpers/channels'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'
import { createUser } from '../helpers/payload'

// Bulk update and delete (PATCH/DELETE /api/<collection>?where=..., and the Local API's
// update/delete with `where`) go through the same access rules as single documents:
// refused outright, or limited to the documents the caller may touch. GraphQL has no
// bulk mutations.

const h = setupHarness({ http: true })
const ALL = { id: { exists: true } }

async function restBulk(method: 'PATCH' | 'DELETE', slug: string, persona: Persona, data?: Doc) {
  return h.http.request(method, `/api/${slug}?depth=0&${toQs('where', ALL)}`, {
    session: h.sessionOf(persona),
    json: data,
  })
}

async function localBulk(op: 'update' | 'delete', slug: string, persona: Persona, data?: Doc) {
  const api = h.payload as unknown as Record<string, (args: Doc) => Promise<Doc>>
  try {
    return await api[op]({
      collection: slug,
      where: ALL,
      data,
      overrideAccess: false,
      user: h.userOf(persona),
      depth: 0,
    })
  } catch (err) {
    return { error: { status: (err as { status?: number }).status, message: (err as Error).message } }
  }
}

// prettier-ignore
const REFUSED: [string, 'update' | 'delete', Persona, Doc | undefined][] = [
  ['leads',            'update', 'anonymous',  { status: 'contacted' }],
  ['leads',            'delete', 'unapproved', undefined],
  ['promotions',       'update', 'unapproved', { isActive: false }],
  ['promotions',       'delete', 'anonymous',  undefined],
  ['gallery-items',    'delete', 'unapproved', undefined],
  ['customer-uploads', 'delete', 'anonymous',  undefined],
  ['users',            'update', 'anonymous',  { approved: true }],
  ['users',            'delete', 'staff',      undefined],
]

describe('bulk writes the caller may not make are refused and change nothing', () => {
  for (const [slug, op, persona, data] of REFUSED) {
    it(`REST ${op} of every ${slug} by ${persona}: 403`, async () => {
      await seedLead(h.payload)
      await seedPromotion(h.payload)
      const before = await snapshot(h.payload, slug as never)
      const res = await restBulk(op === 'update' ? 'PATCH' : 'DELETE', slug, persona, data)
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { errors: [{ message: FORBIDDEN.message }] },
      })
      expect(await snapshot(h.payload, slug as never)).toEqual(before)
    })

    it(`Local API ${op} of every ${slug} by ${persona}: Forbidden`, async () => {
      const before = await snapshot(h.payload, slug as never)
      expect(await localBulk(op, slug, persona, data)).toEqual({
        error: { status: 403, message: FORBIDDEN.message },
      })
      expect(await snapshot(h.payload, slug as never)).toEqual(before)
    })
  }
})

describe('a bulk update of every account by staff touches only their own, and not its role or approval', () => {
  for (const channel of ['rest', 'local'] as const) {
    it(channel, async () => {
      await createUser(h.payload, 'unapproved')
      const before = await snapshot(h.payload, 'users')
      const own = h.accounts.staff.user.id
      const data = { role: 'admin', approved: true }
      const res =
        channel === 'rest'
          ? (await restBulk('PATCH', 'users', 'staff', data)).body
          : await localBulk('update', 'users', 'staff', data)
      expect((res.docs as Doc[]).map((d) => d.id)).toEqual([own])
      expect(res.errors).toEqual([])
      const after = await snapshot(h.payload, 'users')
      const mine = after.find((u) => u.id === own)!
      expect(mine).toMatchObject({ role: 'staff', approved: true })
      expect(after.filter((u) => u.id !== own)).toEqual(before.filter((u) => u.id !== own))
    })
  }
})
