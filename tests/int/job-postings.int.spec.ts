import { sql } from '@payloadcms/db-postgres'
import type { MigrateDownArgs, MigrateUpArgs, PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { CAREERS_POSTING_DEFAULT } from '@/globals/SitePages/defaults'
import { document, paragraph } from '@/lib/lexical'

import { down, up } from '../../migrations/20261125_054610_job_postings'
// The columns later migrations add to the table, so the collection reads it as today.
import { up as laterColumns } from '../../migrations/20261127_084337_job_posting_valid_through'
import { setupHarness } from '../helpers/harness'

// Careers as content: visitors read open postings only, admins alone write them, and the
// migration turns the careers text an owner saved in the policies global into a posting.
const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const args = () => ({ db: db(), payload: h.payload, req: {} }) as unknown as MigrateUpArgs & MigrateDownArgs

const posting = (title: string, open = true) => ({
  title,
  open,
  employmentType: 'FULL_TIME' as const,
  location: 'Central Austin',
  description: document([paragraph(`${title}: the work.`)]) as never,
})

async function titlesAs(persona: Parameters<typeof h.sessionOf>[0]) {
  const res = await h.http.get('/api/job-postings?sort=title&depth=0', { session: h.sessionOf(persona) })
  expect(res.status).toBe(200)
  return (res.body.docs as { title: string }[]).map((d) => d.title)
}

describe('job postings', () => {
  it('visitors and unapproved accounts see open postings only; staff see all', async () => {
    await h.payload.delete({ collection: 'job-postings', where: {} })
    await h.payload.create({ collection: 'job-postings', data: posting('Open Role') })
    await h.payload.create({ collection: 'job-postings', data: posting('Closed Role', false) })
    expect(await titlesAs('anonymous')).toEqual(['Open Role'])
    expect(await titlesAs('unapproved')).toEqual(['Open Role'])
    expect(await titlesAs('staff')).toEqual(['Closed Role', 'Open Role'])
    const gql = await h.http.post('/api/graphql', {
      json: { query: '{ JobPostings(sort: "title") { docs { title } } }' },
    })
    expect(gql.body.data.JobPostings.docs).toEqual([{ title: 'Open Role' }])
    const local = await h.payload.find({ collection: 'job-postings', overrideAccess: false, user: null })
    expect(local.docs.map((d) => d.title)).toEqual(['Open Role'])
  })

  it('only an admin creates, edits or removes a posting', async () => {
    const body = { ...posting('Sneaky Role'), description: CAREERS_POSTING_DEFAULT }
    for (const who of ['anonymous', 'unapproved', 'staff'] as const) {
      const res = await h.http.post('/api/job-postings', { json: body, session: h.sessionOf(who) })
      expect(res.status).toBe(403)
    }
    const made = await h.http.post('/api/job-postings', { json: body, session: h.sessionOf('admin') })
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({
      employmentType: 'FULL_TIME',
      location: 'Central Austin',
      payText: 'Competitive pay',
      open: true,
    })
    const id = made.body.doc.id
    const byStaff = await h.http.patch(`/api/job-postings/${id}`, {
      json: { open: false },
      session: h.sessionOf('staff'),
    })
    expect(byStaff.status).toBe(403)
    expect((await h.payload.findByID({ collection: 'job-postings', id })).open).toBe(true)
    const bad = await h.http.patch(`/api/job-postings/${id}`, {
      json: { employmentType: 'FOREVER' },
      session: h.sessionOf('admin'),
    })
    expect(bad.status).toBe(400)
  })
})

describe('the job_postings migration', () => {
  it("makes the owner's saved careers text the first posting, and back", async () => {
    const owners = document([paragraph('We are hiring a wheel wizard for the north Austin van.')])
    await down(args())
    await db().execute(sql`DELETE FROM site_pages`)
    await db().execute(sql`INSERT INTO site_pages (privacy_policy, terms_of_service, careers_posting)
      VALUES (${JSON.stringify(owners)}::jsonb, ${JSON.stringify(owners)}::jsonb, ${JSON.stringify(owners)}::jsonb)`)
    await up(args())
    await laterColumns(args())
    const { docs } = await h.payload.find({ collection: 'job-postings', depth: 0 })
    expect(docs.map((d) => [d.title, d.employmentType, d.location, d.payText, d.open])).toEqual([
      ['Mobile Wheel Technician', 'FULL_TIME', 'Central Austin', 'Competitive pay', true],
    ])
    expect(docs[0].description).toEqual(owners)

    await down(args())
    const back = await db().execute(sql`SELECT careers_posting FROM site_pages`)
    expect((back as unknown as { rows: { careers_posting: unknown }[] }).rows).toEqual([
      { careers_posting: owners },
    ])
    // A site that never saved the policies gets the written posting.
    await db().execute(sql`DELETE FROM site_pages`)
    await up(args())
    await laterColumns(args())
    const fresh = await h.payload.find({ collection: 'job-postings', depth: 0 })
    expect(fresh.docs.map((d) => d.description)).toEqual([CAREERS_POSTING_DEFAULT])
  })
})
