import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ERASED_LEAD } from '@/lib/erase-request'

import { TEST_DATA_DIR } from '../helpers/env'
import { setupHarness } from '../helpers/harness'
import { phoneJpeg, quoteForm, submitQuote } from '../helpers/quote-fixtures'

// Erasing a customer's data on request: every lead with the e-mail or the phone keeps only
// what the counts need, its photos and their files go, nothing else is touched, and the
// erasure is recorded (who, when, how much), never whose.
const h = setupHarness({ http: true })
const photoDir = path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads')

const erase = (json: unknown, persona: Parameters<typeof h.sessionOf>[0] = 'staff') =>
  h.http.post('/api/leads/erase', { json, session: h.sessionOf(persona) })

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

  it('erases every lead with the e-mail (any case) or the phone, their photos and files; others stay', async () => {
    const photo = { name: 'rim.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }
    const email = 'erase.me@curbside.test'
    for (const form of [
      quoteForm({ email, phone: '(512) 555-0190', description: 'My Audi rims, 5th Street.' }, [photo]),
      quoteForm({ email: 'Erase.Me@Curbside.test', phone: '512-555-0191' }, [photo]),
      quoteForm({ email: 'other-address@curbside.test', phone: '512.555.0190' }),
      quoteForm({ email: 'keep.me@curbside.test', phone: '512-555-0999' }, [photo]),
    ]) {
      expect((await submitQuote(h.http, form)).status).toBe(201)
    }
    const mine = await leadsOf(email)
    expect(mine).toHaveLength(2)
    const files = mine.flatMap((l) => (l.photos as { filename: string }[]).map((p) => p.filename))
    for (const f of files) expect(fs.existsSync(path.join(photoDir, f))).toBe(true)
    const before = await h.payload.count({ collection: 'leads' })

    const res = await erase({ email: 'ERASE.ME@curbside.test', phone: '512 555 0190', confirm: true })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ erasedLeads: 3, removedPhotos: 2 })

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
