import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { ERASED_LEAD } from '@/lib/erase-request'
import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { leadsExportRequest } from '@/lib/lead-query'
import { customerLinkToken } from '@/server/customer-link-token'
import { openSlots } from '@/collections/Visits/bookings'

import { capturedMails } from '../helpers/captured-mail'

import { TEST_DATA_DIR } from '../helpers/env'
import { eraseListed, tablesHolding as tablesHoldingIn } from '../helpers/erase'
import { setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { phoneJpeg, REQUEST_FIELDS, requestForm, submitRequest } from '../helpers/request-fixtures'

// Erasing a customer's data on request: every lead with the e-mail or the phone keeps only
// what the counts need, its photos and their files go, nothing else is touched, and the
// erasure is recorded (who, when, how much), never whose.
const h = setupHarness({ http: true })
const photoDir = path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads')

const erase = (json: unknown, persona: Parameters<typeof h.sessionOf>[0] = 'staff') =>
  h.http.post('/api/leads/erase', { json, session: h.sessionOf(persona) })
const eraseAll = (contact: { email?: string; phone?: string }) =>
  eraseListed(h.http, h.sessionOf('staff'), contact)

// Any case: a customer's address is stored as typed.
async function leadsOf(email: string) {
  const { docs } = await h.payload.find({ collection: 'leads', depth: 1, pagination: false, sort: 'id' })
  return docs.filter((l) => l.email.toLowerCase() === email.toLowerCase())
}

describe('erasing a customer', () => {
  it('asks for the e-mail or phone and a confirmation; only approved staff may', async () => {
    for (const who of ['anonymous', 'unapproved'] as const) {
      expect((await erase({ email: 'x@curbside.test', confirm: true }, who)).status).toBe(403)
    }
    const none = await erase({ confirm: true })
    expect(none.status).toBe(400)
    expect(none.body.errors[0].message).toBe(
      'Give the customer’s e-mail address or phone number (at least 7 digits).',
    )
    const unconfirmed = await erase({ email: 'x@curbside.test' })
    expect(unconfirmed.status).toBe(400)
    expect(unconfirmed.body.errors[0].message).toBe('Confirm the erasure: it cannot be undone.')
    const unknown = await erase({ email: 'nobody-here@curbside.test', confirm: true })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0].message).toBe('No lead has that e-mail address or phone number.')
    expect((await h.payload.count({ collection: 'erasures' })).totalDocs).toBe(0)
  })

  it('erases exactly the leads the owner was shown: a list to confirm, and nothing unlisted', async () => {
    const email = 'listed.me@curbside.test'
    expect((await submitRequest(h.http, requestForm({ email, phone: '512-555-0170' }))).status).toBe(201)
    // Someone else with the same number, written differently: matched by its digits.
    expect(
      (await submitRequest(h.http, requestForm({ email: 'flatmate@curbside.test', phone: '(512) 555 0170' })))
        .status,
    ).toBe(201)
    const contact = { email, phone: '512.555.0170' }
    // Without its list, the answer is the list: names and dates, oldest first.
    const unlisted = await erase({ ...contact, confirm: true })
    expect(unlisted.status).toBe(400)
    expect(unlisted.body.errors[0].message).toBe('List the leads to erase (their ids).')
    const matched = unlisted.body.leads as { id: number; firstName: string; createdAt: string }[]
    expect(matched).toHaveLength(2)
    expect(matched.map((l) => l.firstName)).toEqual([REQUEST_FIELDS.firstName, REQUEST_FIELDS.firstName])
    // A list with a lead that is not this customer's erases nothing.
    const stranger = await h.payload.create({
      collection: 'leads',
      data: { ...REQUEST_FIELDS, email: 'stranger@curbside.test', serviceType: 'rim_rash' } as never,
    })
    const foreign = await erase({ ...contact, leads: [matched[0].id, stranger.id], confirm: true })
    expect(foreign.status).toBe(409)
    expect(foreign.body.errors[0].message).toBe(
      'These leads are no longer all this customer’s. Look at the list again.',
    )
    expect((await h.payload.count({ collection: 'erasures' })).totalDocs).toBe(0)

    // A new request from the customer between the list and the confirmation stays.
    expect((await submitRequest(h.http, requestForm({ email, phone: '512-555-0170' }))).status).toBe(201)
    const res = await erase({ ...contact, leads: matched.map((l) => l.id), confirm: true })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ erasedLeads: 2, removedPhotos: 0, notListed: 1 })
    const left = await leadsOf(email)
    expect(left).toHaveLength(1)
    expect(matched.map((l) => l.id)).not.toContain(left[0].id)
    expect(await leadsOf('flatmate@curbside.test')).toEqual([])
    // The next tests count leads and erasures from none.
    const made = [...matched.map((l) => l.id), left[0].id, stranger.id]
    await h.payload.delete({ collection: 'leads', where: { id: { in: made } } })
    await h.payload.delete({ collection: 'erasures', where: {} })
  })

  it('erases every lead with the e-mail (any case) or the phone, their photos and files; others stay', async () => {
    const photo = { name: 'rim.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }
    const email = 'erase.me@curbside.test'
    for (const form of [
      requestForm({ email, phone: '(512) 555-0190', description: 'My Audi rims, 5th Street.' }, [photo]),
      requestForm({ email: 'Erase.Me@Curbside.test', phone: '512-555-0191' }, [photo]),
      requestForm({ email: 'other-address@curbside.test', phone: '512.555.0190' }),
      requestForm({ email: 'keep.me@curbside.test', phone: '512-555-0999' }, [photo]),
    ]) {
      expect((await submitRequest(h.http, form)).status).toBe(201)
    }
    const mine = await leadsOf(email)
    expect(mine).toHaveLength(2)
    // The plain form's key is a hash of what the customer wrote: it goes too.
    const drizzle = (h.payload.db as unknown as PostgresAdapter).drizzle
    const ids = sql.join(
      mine.map((l) => sql`${l.id}`),
      sql`, `,
    )
    const formKeys = sql`SELECT form_key FROM leads WHERE id IN (${ids})`
    await drizzle.execute(sql`UPDATE leads SET form_key = 'key-' || id WHERE id IN (${ids})`)
    const files = mine.flatMap((l) => (l.photos as { filename: string }[]).map((p) => p.filename))
    for (const f of files) expect(fs.existsSync(path.join(photoDir, f))).toBe(true)
    const before = await h.payload.count({ collection: 'leads' })

    const res = await eraseAll({ email: 'ERASE.ME@curbside.test', phone: '512 555 0190' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ erasedLeads: 3, removedPhotos: 2, notListed: 0 })

    expect(await h.payload.count({ collection: 'leads' })).toEqual(before)
    const erased = await leadsOf(ERASED_LEAD.email)
    expect(erased).toHaveLength(3)
    for (const lead of erased) {
      expect(lead).toMatchObject({
        ...ERASED_LEAD,
        photos: [],
        status: 'new',
        serviceType: 'wheel_restoration',
      })
    }
    for (const f of files) expect(fs.existsSync(path.join(photoDir, f))).toBe(false)
    expect(((await drizzle.execute(formKeys)) as unknown as { rows: unknown[] }).rows).toEqual([
      { form_key: null },
      { form_key: null },
    ])
    // No e-mail about them goes out any more.
    const jobs = await h.payload.find({ collection: 'payload-jobs', pagination: false })
    const erasedIds = new Set(erased.map((l) => String(l.id)))
    expect(
      jobs.docs.filter(
        (j) => !j.completedAt && erasedIds.has(String((j.input as { leadId?: unknown }).leadId)),
      ),
    ).toEqual([])

    const kept = await leadsOf('keep.me@curbside.test')
    expect(kept[0].photos).toHaveLength(1)
    expect(fs.existsSync(path.join(photoDir, (kept[0].photos![0] as { filename: string }).filename))).toBe(
      true,
    )

    const [record] = (await h.payload.find({ collection: 'erasures', depth: 0 })).docs
    expect(record).toMatchObject({ erasedBy: h.accounts.staff.user.id, leadCount: 3, fileCount: 2 })
    expect(JSON.stringify(record)).not.toContain('erase.me')

    // The erased lead still moves along its statuses.
    const moved = await h.http.patch(`/api/leads/${erased[0].id}`, {
      json: { status: 'contacted' },
      session: h.sessionOf('staff'),
    })
    expect(moved.status).toBe(200)
  })

  it('the record is read by approved staff only and written by nobody through the API', async () => {
    expect((await h.http.get('/api/erasures', { session: h.sessionOf('unapproved') })).status).toBe(403)
    expect((await h.http.get('/api/erasures', { session: h.sessionOf('staff') })).body.totalDocs).toBe(1)
    const forged = await h.http.post('/api/erasures', {
      json: { leadCount: 0, fileCount: 0 },
      session: h.sessionOf('admin'),
    })
    expect(forged.status).toBe(403)
  })
})

// What a customer gave or was sent, as the database, a file or a job could still hold it.
const CUSTOMER = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'Zephyrine.Q@curbside.test',
  phone: '(512) 555-0143',
  address: '41 Lanternwick Row, Austin',
  zip: '78704',
  vehicle: '2019 Audi A4, plate KQX-4821',
  wheelSize: '19 inch',
  description: 'Curb rash on the Quillfeather family car.',
}
const NEEDLES = ['zephyrine', 'quillfeather', 'lanternwick', 'kqx-4821', '555-0143', '5125550143']

type Rows<T> = { rows: T[] }
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const tablesHolding = (needles: string[]) => tablesHoldingIn(h.payload, needles)

// Every file the site stores (uploads of every collection, saved exports). The captured mail
// stands in for the mail server: what was sent before the erasure has left the site.
function filesHolding(needles: string[]): string[] {
  const hits: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (file !== path.join(TEST_DATA_DIR, 'mail')) walk(file)
        continue
      }
      const text = fs.readFileSync(file).toString('latin1').toLowerCase()
      for (const needle of needles) if (text.includes(needle)) hits.push(`${file} holds "${needle}"`)
    }
  }
  walk(TEST_DATA_DIR)
  return hits
}

// Addresses are stored as typed: any case.
const mailsTo = (address: string) =>
  capturedMails('').filter((m) => new RegExp(`^To: .*${address.replace(/\./g, '\\.')}`, 'im').test(m)).length

describe('after an erasure, nothing of the customer is left', () => {
  it('in any table, stored file or queued job, and no e-mail goes to them any more', async () => {
    await h.payload.updateGlobal({
      slug: 'home-page',
      data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
    })
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { timeZone: 'America/Chicago', booking: { vans: 1, blockedTimes: [] } },
    })
    const photo = { name: 'rim.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }
    const { description, ...fields } = CUSTOMER
    expect((await submitRequest(h.http, requestForm({ ...fields, description }, [photo]))).status).toBe(201)
    const [lead] = await leadsOf(CUSTOMER.email)
    const staff = h.sessionOf('staff')

    // Staff's note, the quote with its line, the customer's acceptance and booking.
    const note = await h.http.post('/api/lead-events', {
      session: staff,
      json: { lead: lead.id, text: 'Zephyrine called about plate KQX-4821.' },
    })
    expect(note.status).toBe(201)
    const quote = await h.payload.create({
      collection: 'quotes',
      data: {
        lead: lead.id,
        lines: [
          { kind: 'offer', offer: 'rim_rash', quantity: 2 },
          { kind: 'free', description: 'Quillfeather centre caps', amount: 20 },
        ],
        note: 'Park behind Zephyrine’s garage.',
      } as never,
    })
    expect((await h.http.post(`/api/quotes/${quote.id}/send`, { session: staff })).status).toBe(200)
    const { tokenNonce } = await h.payload.findByID({
      collection: 'quotes',
      id: quote.id,
      showHiddenFields: true,
    })
    const token = customerLinkToken(h.payload.secret, tokenNonce!)
    const form = (fields: Record<string, string>) => ({
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    })
    expect((await h.http.post('/api/quote-links/accept', form({ token }))).status).toBe(200)
    // Two days ahead at least: the reminder waits in the queue for the day before.
    const slot = (await openSlots(h.payload)).find(
      (s) => new Date(s.start).getTime() > Date.now() + 2 * 24 * 60 * 60 * 1000,
    )!
    expect((await h.http.post('/api/quote-links/book', form({ token, start: slot.start }))).body).toEqual({
      outcome: 'booked',
    })
    await h.payload.create({ collection: 'review-opt-outs', data: { email: CUSTOMER.email.toLowerCase() } })
    // What is due goes out now (confirmations, the quote's link); the reminder waits.
    await h.payload.jobs.run({ limit: 100 })
    expect(mailsTo(CUSTOMER.email)).toBeGreaterThan(0)

    // A saved export staff made while looking the customer up, on disk as a CSV.
    const saved = await h.http.post('/api/exports', {
      session: staff,
      json: leadsExportRequest('all', 'Quillfeather', new Date()).data,
    })
    expect(saved.status).toBe(201)
    expect(filesHolding(NEEDLES).some((hit) => hit.includes(`${path.sep}exports${path.sep}`))).toBe(true)
    expect(await tablesHolding(NEEDLES)).not.toEqual([])

    const res = await eraseAll({ email: CUSTOMER.email })
    expect(res.status).toBe(200)

    expect(await tablesHolding(NEEDLES)).toEqual([])
    expect(filesHolding(NEEDLES)).toEqual([])
    const erased = await h.payload.findByID({ collection: 'leads', id: lead.id, depth: 0 })
    expect(erased).toMatchObject({ ...ERASED_LEAD, address: null, zip: null, vehicle: null, wheelSize: null })
    expect(await h.payload.count({ collection: 'exports' })).toEqual({ totalDocs: 0 })

    // The visit is cancelled and its place free again.
    const visits = await h.payload.find({ collection: 'visits', where: { lead: { equals: lead.id } } })
    expect(visits.docs.map((v) => Boolean(v.cancelledAt))).toEqual([true])
    expect((await openSlots(h.payload)).map((s) => s.start)).toContain(slot.start)

    // No job is left about the customer, and none sends anything to them, however long one waits.
    const pending = (await db().execute(sql`
      SELECT task_slug, input FROM payload_jobs WHERE completed_at IS NULL`)) as unknown as Rows<{
      task_slug: string
      input: Record<string, unknown>
    }>
    const aboutThem = (input: Record<string, unknown>) =>
      Number(input.leadId) === lead.id ||
      Number(input.quoteId) === quote.id ||
      visits.docs.some((v) => Number(input.visitId) === v.id)
    expect(pending.rows.filter((j) => aboutThem(j.input))).toEqual([])
    const sentBefore = mailsTo(CUSTOMER.email)
    await db().execute(sql`UPDATE payload_jobs SET wait_until = now() WHERE completed_at IS NULL`)
    await h.payload.jobs.run({ limit: 100 })
    expect(mailsTo(CUSTOMER.email)).toBe(sentBefore)
    expect(mailsTo(ERASED_LEAD.email)).toBe(0)
  })
})

describe('the retention job', () => {
  it('erases, once a day, requests older than 12 months that never led to a job; one job at a time', async () => {
    const make = async (label: string, monthsAgo: number) => {
      const lead = await h.payload.create({
        collection: 'leads',
        data: {
          firstName: label,
          lastName: 'Retention',
          email: `${label.toLowerCase()}@curbside.test`,
          phone: '512-555-0123',
          description: `${label} asked about a rim.`,
          vehicle: `${label} car`,
          serviceType: 'rim_rash',
        } as never,
      })
      await db().execute(sql`
        UPDATE leads SET created_at = now() - ${`${monthsAgo} months`}::interval WHERE id = ${lead.id}`)
      return lead.id
    }
    const visit = (lead: number, cancelled: boolean) =>
      db().execute(sql`
        INSERT INTO visits (lead_id, start, "end", van, booked_by, cancelled_at, created_at, updated_at)
        VALUES (${lead}, now() - interval '12 months', now() - interval '12 months' + interval '2 hours', 1,
          'staff', ${cancelled ? new Date().toISOString() : null}, now(), now())`)
    const asked = await make('Oldasked', 13)
    const calledOff = await make('Oldcalledoff', 14)
    await visit(calledOff, true)
    const completed = await make('Oldcompleted', 13)
    await db().execute(sql`UPDATE leads SET status = 'completed' WHERE id = ${completed}`)
    const visited = await make('Oldvisited', 13)
    await visit(visited, false)
    const recent = await make('Recent', 11)
    const before = (await h.payload.count({ collection: 'erasures' })).totalDocs

    // Two instances' schedulers at the same moment queue one job, for the schedule's next run.
    await Promise.all([h.payload.jobs.handleSchedules(), h.payload.jobs.handleSchedules()])
    const live = async () =>
      (
        await h.payload.find({
          collection: 'payload-jobs',
          where: { and: [{ taskSlug: { equals: 'eraseStaleLeads' } }, { completedAt: { exists: false } }] },
        })
      ).docs
    const [job, ...others] = await live()
    expect(others).toEqual([])
    expect(new Date(job.waitUntil!).getTime()).toBeGreaterThan(Date.now())

    const runNow = async () => {
      const [due] = await live()
      await db().execute(sql`UPDATE payload_jobs SET wait_until = now() WHERE id = ${due.id}`)
      await h.payload.jobs.runByID({ id: due.id })
      return h.payload.findByID({ collection: 'payload-jobs', id: due.id })
    }
    const done = await runNow()
    expect(done.completedAt).toBeTruthy()
    expect(done.hasError).toBe(false)

    const lead = (id: number) => h.payload.findByID({ collection: 'leads', id, depth: 0 })
    for (const id of [asked, calledOff]) {
      expect(await lead(id)).toMatchObject({ ...ERASED_LEAD, vehicle: null, erasedAt: expect.any(String) })
    }
    for (const id of [completed, visited, recent]) {
      expect(await lead(id)).toMatchObject({ lastName: 'Retention', erasedAt: null })
    }
    const records = await h.payload.find({ collection: 'erasures', sort: '-createdAt', depth: 0 })
    expect(records.totalDocs).toBe(before + 1)
    expect(records.docs[0]).toMatchObject({ erasedBy: null, reason: 'retention', leadCount: 2, fileCount: 0 })

    // The next day's run finds nothing more to erase and records nothing.
    await h.payload.jobs.handleSchedules()
    expect((await runNow()).hasError).toBe(false)
    expect((await h.payload.count({ collection: 'erasures' })).totalDocs).toBe(before + 1)
  })
})

describe('the migrations', () => {
  it('step down and up again; a past erasure then reads as on request', async () => {
    await h.payload.jobs.handleSchedules()
    await migrateDownAndUp(h.payload, 'lead_erased_at')
    const { docs } = await h.payload.find({ collection: 'erasures', depth: 0, pagination: false })
    expect(docs.length).toBeGreaterThan(0)
    expect(new Set(docs.map((d) => d.reason))).toEqual(new Set(['request']))
    expect(
      await h.payload.count({
        collection: 'payload-jobs',
        where: { taskSlug: { equals: 'eraseStaleLeads' } },
      }),
    ).toEqual({ totalDocs: 0 })
  })
})
