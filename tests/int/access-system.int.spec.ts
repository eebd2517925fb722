import { APIError, createLocalReq } from 'payload'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { type Channel, type ChannelName, channelFor, expectOk, expectRefused } from '../helpers/channels'
import { FORBIDDEN, seedLead } from '../helpers/fixtures'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'

// What Payload adds to the app besides our collections, and who may use it:
// - payload-locked-documents (who is editing which document in the admin): approved staff
//   only; Payload's default lets any signed-in account in.
// - payload-preferences: each account its own rows only (Payload's rule, kept).
// - the jobs queue: nobody runs, queues or cancels jobs through an API; the server runs
//   them itself (autoRun).

const h = setupHarness({ http: true })
const channels = {} as Record<ChannelName, Channel>

const LOCKS = 'payload-locked-documents'
const PREFERENCES = 'payload-preferences'
const UNAUTHORIZED = { message: 'Unauthorized, you must be logged in to make this request.' }

const userRef = (persona: Exclude<Persona, 'anonymous'>) => ({
  relationTo: 'users' as const,
  value: h.accounts[persona].user.id,
})

// Every row, straight from the database (no access control).
const all = async (collection: typeof LOCKS | typeof PREFERENCES | 'payload-jobs') =>
  (await h.payload.db.find({ collection, limit: 0, pagination: false, sort: 'id' })).docs as Doc[]

let lead: Doc

beforeAll(async () => {
  for (const name of ['local', 'rest'] as const) channels[name] = channelFor(name, h)
  lead = await seedLead(h.payload)
})

describe('payload-locked-documents', () => {
  let lock: Doc

  beforeEach(async () => {
    await h.payload.db.deleteMany({ collection: LOCKS, where: {} })
    // The admin has a lead open in the admin panel.
    lock = await h.payload.create({
      collection: LOCKS,
      data: { document: { relationTo: 'leads', value: lead.id }, user: userRef('admin') },
      depth: 0,
    })
  })

  for (const name of ['local', 'rest'] as const) {
    for (const persona of ['anonymous', 'unapproved'] as const) {
      it(`${persona} over ${name}: every operation refused (403), nothing changes`, async () => {
        const channel = channels[name]
        const before = await all(LOCKS)
        expectRefused(await channel.find(LOCKS, persona), FORBIDDEN)
        expectRefused(await channel.findByID(LOCKS, persona, lock.id), FORBIDDEN)
        const own = persona === 'anonymous' ? userRef('admin') : userRef(persona)
        const data = { document: { relationTo: 'leads', value: lead.id }, user: own }
        expectRefused(await channel.create(LOCKS, persona, data), FORBIDDEN)
        expectRefused(await channel.update(LOCKS, persona, lock.id, { user: own }), FORBIDDEN)
        expectRefused(await channel.delete(LOCKS, persona, lock.id), FORBIDDEN)
        expect(await all(LOCKS)).toEqual(before)
      })
    }

    it(`approved staff over ${name}: sees the lock, takes and releases one of their own`, async () => {
      const channel = channels[name]
      const list = await channel.find(LOCKS, 'staff')
      expectOk(list)
      expect(list.docs!.map((d) => d.id)).toEqual([lock.id])
      const created = await channel.create(LOCKS, 'staff', {
        globalSlug: 'site-settings',
        user: userRef('staff'),
      })
      expectOk(created)
      expect((await all(LOCKS)).map((d) => d.id)).toEqual([lock.id, created.doc!.id])
      expectOk(await channel.delete(LOCKS, 'staff', created.doc!.id))
      expect((await all(LOCKS)).map((d) => d.id)).toEqual([lock.id])
    })
  }

  it('unapproved over GraphQL: the list is refused', async () => {
    const res = await h.http.graphql(
      '{ PayloadLockedDocuments { docs { id } } }',
      {},
      h.sessionOf('unapproved'),
    )
    expect(res.body.data).toEqual({ PayloadLockedDocuments: null })
    expect(res.body.errors?.map((e) => ({ message: e.message, status: e.extensions?.statusCode }))).toEqual([
      { message: FORBIDDEN.message, status: 403 },
    ])
  })
})

describe('payload-preferences', () => {
  let adminPreference: Doc

  beforeAll(async () => {
    await h.payload.db.deleteMany({ collection: PREFERENCES, where: {} })
    adminPreference = await h.payload.create({
      collection: PREFERENCES,
      // Payload sets the owner from the request's user, whatever the data says.
      data: { key: 'leads-list', value: { columns: ['email'] }, user: userRef('admin') },
      user: h.userOf('admin'),
      depth: 0,
    })
  })

  it("an unapproved account neither sees nor changes another account's preferences (REST)", async () => {
    const before = await all(PREFERENCES)
    const list = await channels.rest.find(PREFERENCES, 'unapproved')
    expectOk(list)
    expect(list.docs).toEqual([])
    // By id, and by key (Payload's own /:key routes answer for the caller's rows only).
    const session = h.sessionOf('unapproved')
    for (const ref of [adminPreference.id, adminPreference.key]) {
      const read = await h.http.get(`/api/${PREFERENCES}/${ref}`, { session })
      expect(read.text).not.toContain('email')
      await h.http.patch(`/api/${PREFERENCES}/${ref}`, { session, json: { value: { columns: [] } } })
      await h.http.delete(`/api/${PREFERENCES}/${ref}`, { session })
    }
    expect(await all(PREFERENCES)).toEqual(before)
  })
})

describe('the jobs queue', () => {
  let job: Doc

  beforeEach(async () => {
    await h.payload.db.deleteMany({ collection: 'payload-jobs', where: {} })
    // A job that completes at once when run (its lead does not exist: nothing to send),
    // and is then marked completed: still open means it was not run.
    job = await h.payload.jobs.queue({
      task: 'sendQuoteEmail',
      input: { leadId: 2_000_000_000, audience: 'customer' },
    })
  })

  for (const persona of ['anonymous', 'unapproved', 'staff', 'admin'] as const) {
    it(`${persona}: GET /api/payload-jobs/run and /handle-schedules are refused (401); the job waits`, async () => {
      const before = await all('payload-jobs')
      for (const path of ['/api/payload-jobs/run', '/api/payload-jobs/handle-schedules']) {
        const res = await h.http.get(path, { session: h.sessionOf(persona) })
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 401,
          body: UNAUTHORIZED,
        })
      }
      expect(await all('payload-jobs')).toEqual(before)
    })
  }

  it('the Local API with overrideAccess: false refuses run, queue and cancel, even to an admin', async () => {
    for (const persona of ['unapproved', 'admin'] as const) {
      const req = await createLocalReq({ user: h.userOf(persona) }, h.payload)
      const before = await all('payload-jobs')
      const attempts = [
        () => h.payload.jobs.run({ overrideAccess: false, req }),
        () => h.payload.jobs.runByID({ id: job.id, overrideAccess: false, req }),
        () =>
          h.payload.jobs.queue({
            task: 'sendQuoteEmail',
            input: { leadId: lead.id, audience: 'customer' },
            overrideAccess: false,
            req,
          }),
        () => h.payload.jobs.cancel({ where: {}, overrideAccess: false, req }),
        () => h.payload.jobs.cancelByID({ id: job.id, overrideAccess: false, req }),
      ]
      for (const attempt of attempts) {
        const err = await attempt().then(
          () => null,
          (e: unknown) => e,
        )
        expect(err).toBeInstanceOf(APIError)
        expect({ status: (err as APIError).status, message: (err as APIError).message }).toEqual({
          status: FORBIDDEN.status,
          message: FORBIDDEN.message,
        })
      }
      expect(await all('payload-jobs')).toEqual(before)
    }
  })

  it('the server itself still runs the queue', async () => {
    expect((await all('payload-jobs')).map((d) => d.id)).toEqual([job.id])
    await h.payload.jobs.run()
    const [done] = await all('payload-jobs')
    expect(done).toMatchObject({ id: job.id, hasError: false })
    expect(done.completedAt).toBeTruthy()
  })
})
