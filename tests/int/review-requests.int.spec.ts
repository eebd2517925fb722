import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { REQUEST_FIELDS } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// The review request after a completed job: queued once for the settings' delay, sent once
// whatever the runners, never to an address that opted out, never for a lead deleted first.
const h = setupHarness({ http: true })

beforeEach(async () => {
  await emptyCollections(h.payload, ['quotes', 'lead-events', 'leads', 'payload-jobs', 'review-opt-outs'])
})

let counter = 0
async function completedLead(email = `review-${Date.now()}-${++counter}@example.com`) {
  const lead = await h.payload.create({
    collection: 'leads',
    data: { ...REQUEST_FIELDS, email, serviceType: 'rim_rash' } as never,
  })
  for (const status of ['contacted', 'quoted', 'completed'] as const) {
    await h.payload.update({ collection: 'leads', id: lead.id, data: { status } })
  }
  return { id: lead.id, email }
}

const reviewJobs = () =>
  h.payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendReviewRequest' } } })

// Brings the queued requests' time to now, as the delay passing would.
async function dueNow() {
  for (const job of (await reviewJobs()).docs) {
    await h.payload.db.updateOne({
      collection: 'payload-jobs',
      id: job.id,
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    })
  }
}

const runTwice = () =>
  Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
const requests = (email: string) => capturedMails(email).filter((m) => m.includes('Subject: How did we do?'))

describe('the review request', () => {
  it('is queued once, the set delay after completion, and sent once with two runners', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { reviewRequestDelayHours: 48 } })
    const { id, email } = await completedLead()
    const { docs } = await reviewJobs()
    expect(docs).toHaveLength(1)
    const hours = (new Date(docs[0].waitUntil!).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(47.9)
    expect(hours).toBeLessThanOrEqual(48)
    // Not before its time.
    await h.payload.jobs.run({ silent: true })
    expect(requests(email)).toHaveLength(0)

    await dueNow()
    await runTwice()
    await runTwice()
    const mails = requests(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('Leave a review')
    expect(mails[0]).toContain('/review-requests/unsubscribe?e=')
    expect((await h.payload.findByID({ collection: 'leads', id })).reviewRequestSentAt).toBeTruthy()
    // A completed lead saved again queues nothing more.
    await h.payload.update({ collection: 'leads', id, data: { description: 'Done, customer happy.' } })
    expect((await reviewJobs()).totalDocs).toBe(1)
    await h.payload.updateGlobal({ slug: 'site-settings', data: { reviewRequestDelayHours: 24 } })
  })

  it('honours the link in it: no more requests to that address', async () => {
    const first = await completedLead()
    await dueNow()
    await h.payload.jobs.run({ silent: true })
    const link = requests(first.email)[0].match(
      /\/review-requests\/unsubscribe\?e=([A-Za-z0-9_-]+)&(?:amp;)?t=([A-Za-z0-9_-]+)/,
    )
    expect(link).not.toBeNull()
    const [, e, t] = link!
    const tampered = await h.http.post('/api/review-requests/unsubscribe', {
      body: new URLSearchParams({ e, t: `${t.slice(0, -2)}AA` }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(tampered.status).toBe(404)
    const asJson = await h.http.post('/api/review-requests/unsubscribe', { json: { e, t } })
    expect(asJson.status).toBe(415)
    const res = await h.http.post('/api/review-requests/unsubscribe', {
      body: new URLSearchParams({ e, t }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toContain('done=1')

    const second = await completedLead(first.email)
    await dueNow()
    await h.payload.jobs.run({ silent: true })
    expect(requests(first.email)).toHaveLength(1)
    expect((await h.payload.findByID({ collection: 'leads', id: second.id })).reviewRequestSentAt).toBeFalsy()
  })

  it("carries a one-click unsubscribe that a mailbox's POST honours, and replies go to the business", async () => {
    const { email } = await completedLead()
    await dueNow()
    await h.payload.jobs.run({ silent: true })
    const [mail] = requests(email)
    expect(mail).toMatch(/^Reply-To: service@curbsiderim\.co\r?$/m)
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    expect(mail).toContain('Thank you for choosing Curbside Rim Co. How did we do?')
    // Long headers are folded onto indented lines.
    const header = /^List-Unsubscribe:\s*<([^>]+)>\r?$/m.exec(mail.replace(/\r?\n[ \t]+/g, ' '))
    expect(header).not.toBeNull()
    // A fold can fall inside the address; whitespace in the brackets is not part of it (RFC 2369).
    const url = new URL(header![1].replace(/\s+/g, ''))
    expect(url.pathname).toBe('/api/review-requests/unsubscribe')
    // What RFC 8058 has the mailbox send: the link's address, a fixed body, no cookie.
    const res = await h.http.post(`${url.pathname}${url.search}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(303)
    expect(await h.payload.count({ collection: 'review-opt-outs' })).toMatchObject({ totalDocs: 1 })
  })

  it('is cancelled when the business deletes the lead first', async () => {
    const { id, email } = await completedLead()
    await h.http.delete(`/api/leads/${id}`, { session: h.sessionOf('staff') })
    await dueNow()
    await h.payload.jobs.run({ silent: true })
    expect(requests(email)).toHaveLength(0)
  })
})

describe('the review_requests migration', () => {
  it('goes down and up again', async () => {
    await h.payload.db.deleteMany({ collection: 'review-opt-outs', where: {} })
    await migrateDownAndUp(h.payload, 'review_requests')
    const { id } = await completedLead()
    expect((await reviewJobs()).totalDocs).toBe(1)
    expect((await h.payload.findByID({ collection: 'leads', id })).reviewRequestQueuedAt).toBeTruthy()
  })
})
