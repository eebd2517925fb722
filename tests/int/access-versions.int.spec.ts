import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { seedGalleryImage, seedGalleryItem, seedLead, seedPromotion } from '../helpers/fixtures'
import { type Doc, type Persona, PERSONAS, setupHarness } from '../helpers/harness'

// Versions are a door of their own: a collection or global with `versions` answers
// /api/<slug>/versions, /api/globals/<slug>/versions, GraphQL versions<Name> and the Local
// API's findVersions. Without `access.readVersions` Payload lets ANY signed-in account read
// them, so every versioned subject is listed here, and a subject added to the config without
// a row fails the first test.

type Outcome = 'allow' | 'deny'
type Subject = { global?: boolean; graphql: string; rows: Record<Persona, Outcome> }

const STAFF: Record<Persona, Outcome> = {
  anonymous: 'deny',
  unapproved: 'deny',
  staff: 'allow',
  admin: 'allow',
  partner: 'deny',
}

// prettier-ignore
const VERSIONS_MATRIX: Record<string, Subject> = {
  'quotes':        { graphql: 'versionsQuotes', rows: STAFF },
  'promotions':    { graphql: 'versionsPromotions', rows: STAFF },
  'gallery-items': { graphql: 'versionsGalleryItems', rows: STAFF },
  'home-page':     {
    global: true,
    graphql: 'versionsHomePage',
    rows: { anonymous: 'deny', unapproved: 'deny', staff: 'deny', admin: 'allow', partner: 'deny' },
  },
}

const h = setupHarness({ http: true, partner: true })

// One document of each subject with two versions, holding what must not leak.
async function seedVersions(payload: Payload): Promise<void> {
  const lead = await seedLead(payload)
  const quote = await payload.create({
    collection: 'quotes',
    data: { lead: lead.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
  })
  await payload.update({ collection: 'quotes', id: quote.id, data: { note: 'Staff only' } as never })
  const promotion = await seedPromotion(payload, { discountCode: 'STAFFONLY' })
  await payload.update({ collection: 'promotions', id: promotion.id, data: { title: 'Renamed' } })
  const images = {
    beforeImage: (await seedGalleryImage(payload)).id as number,
    afterImage: (await seedGalleryImage(payload)).id as number,
  }
  const item = await seedGalleryItem(payload, images)
  await payload.update({ collection: 'gallery-items', id: item.id, data: { title: 'Renamed' } })
  await payload.updateGlobal({ slug: 'home-page', data: { _status: 'draft' } as never, draft: true })
}

const restPath = (slug: string, s: Subject) =>
  s.global ? `/api/globals/${slug}/versions` : `/api/${slug}/versions`

beforeAll(async () => {
  await seedVersions(h.payload)
})

describe('versions', () => {
  it('every versioned collection and global has a row in the matrix', () => {
    const versioned = [
      ...h.payload.config.collections.filter((c) => c.versions).map((c) => c.slug),
      ...h.payload.config.globals.filter((g) => g.versions).map((g) => g.slug),
    ]
    expect(versioned.sort()).toEqual(Object.keys(VERSIONS_MATRIX).sort())
  })

  for (const [slug, subject] of Object.entries(VERSIONS_MATRIX)) {
    for (const persona of PERSONAS) {
      const outcome = subject.rows[persona]

      it(`${slug}, ${persona}, Local API: ${outcome}`, async () => {
        const args = { overrideAccess: false, user: h.userOf(persona), depth: 0 }
        const read = () =>
          subject.global
            ? h.payload.findGlobalVersions({ slug: slug as 'home-page', ...args })
            : h.payload.findVersions({ collection: slug as 'quotes', ...args })
        if (outcome === 'deny') {
          await expect(read()).rejects.toMatchObject({ status: 403 })
        } else {
          expect((await read()).docs.length).toBeGreaterThan(0)
        }
      })

      it(`${slug}, ${persona}, REST list and by id: ${outcome}`, async () => {
        const session = h.sessionOf(persona)
        const all = subject.global
          ? await h.payload.findGlobalVersions({ slug: slug as 'home-page', limit: 1 })
          : await h.payload.findVersions({ collection: slug as 'quotes', limit: 1 })
        const versionId = all.docs[0].id
        const list = await h.http.get(restPath(slug, subject), { session })
        const one = await h.http.get(`${restPath(slug, subject)}/${versionId}`, { session })
        if (outcome === 'deny') {
          expect([list.status, one.status]).toEqual([403, 403])
          expect(list.text).not.toContain('"version"')
          expect(one.text).not.toContain('"version"')
        } else {
          expect([list.status, one.status]).toEqual([200, 200])
          expect((list.body as Doc).docs.length).toBeGreaterThan(0)
          expect((one.body as Doc).version).toBeTruthy()
        }
      })

      it(`${slug}, ${persona}, GraphQL ${subject.graphql}: ${outcome}`, async () => {
        const res = await h.http.graphql(`{ ${subject.graphql} { docs { id } } }`, {}, h.sessionOf(persona))
        const docs = (res.body.data as Doc | undefined)?.[subject.graphql]?.docs
        if (outcome === 'deny') {
          expect(docs ?? null).toBeNull()
          expect(res.body.errors?.[0]?.extensions?.statusCode).toBe(403)
        } else {
          expect(res.body.errors).toBeUndefined()
          expect(docs.length).toBeGreaterThan(0)
        }
      })
    }
  }
})
