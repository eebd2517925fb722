import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { formatBusinessDate } from '@/lib/business-time'

import { localFile } from '../helpers/fixtures'
import { REQUEST_FIELDS, image, phoneJpeg, requestForm, submitRequest } from '../helpers/request-fixtures'

// The request e-mails job (sendQuoteEmail) against a real SMTP server: both e-mails with the right
// recipients, subjects, service title, plain-text part and the photos attached; and with
// the mail server down, the submission still succeeds, the job backs off and retries,
// and the e-mails go out once the server is back.

type Received = { to: string[]; raw: string }
const received: Received[] = []
let server: SMTPServer
// A slow mail server: it answers each business e-mail's data this long after receiving it,
// and counts how many it is receiving at once.
const businessMail = { answerAfterMs: 0, inFlight: 0, mostAtOnce: 0 }

function startSmtp(port = 0): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const business = session.envelope.rcptTo.some((r) => r.address === 'owner@curbside.test')
      if (business) {
        businessMail.inFlight += 1
        businessMail.mostAtOnce = Math.max(businessMail.mostAtOnce, businessMail.inFlight)
      }
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).sort(),
          raw: Buffer.concat(chunks).toString('latin1'),
        })
        const answer = () => {
          if (business) businessMail.inFlight -= 1
          callback()
        }
        if (business && businessMail.answerAfterMs) setTimeout(answer, businessMail.answerAfterMs)
        else answer()
      })
    },
  })
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  )
}
const stopSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()))

// The mail server and a one-minute back-off must be known before the config loads.
const smtpPort = await startSmtp()
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(smtpPort)
process.env.SMTP_SECURE = 'false'
process.env.QUOTE_EMAIL_BACKOFF_MS = '60000'

const { setupHarness } = await import('../helpers/harness')
const { clearRateLimits } = await import('../helpers/payload')
const { TEST_DATA_DIR } = await import('../helpers/env')
const h = setupHarness({ http: true })

afterAll(async () => {
  await stopSmtp()
})

beforeAll(async () => {
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { notificationRecipients: 'owner@curbside.test, shop@curbside.test' },
  })
})

beforeEach(async () => {
  received.length = 0
  Object.assign(businessMail, { answerAfterMs: 0, inFlight: 0, mostAtOnce: 0 })
  await h.payload.db.deleteMany({ collection: 'payload-jobs', where: {} })
  await h.payload.db.deleteMany({ collection: 'lead-events', where: {} })
  await h.payload.db.deleteMany({ collection: 'leads', where: {} })
  // One confirmation per address a day: each test starts a new day.
  await clearRateLimits(h.payload)
})

// Headers unfolded, quoted-printable soft breaks and =XX escapes undone, base64 lines joined.
function readable(raw: string): string {
  return raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
const base64Body = (raw: string) => raw.replace(/\r\n/g, '')

const runJobs = () => h.payload.jobs.run({ silent: true })
const mailTo = (address: string) => received.find((m) => m.to.includes(address))
const unfinishedJobs = async () =>
  (await h.payload.count({ collection: 'payload-jobs', where: { completedAt: { exists: false } } })).totalDocs

describe('sendQuoteEmail', () => {
  it('e-mails the business (photos attached, admin link) and the customer (the 24-hour promise)', async () => {
    const res = await submitRequest(
      h.http,
      requestForm({}, [
        { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
        { name: 'b.png', type: 'image/png', bytes: await image('png') },
      ]),
    )
    expect(res.status).toBe(201)
    expect(received).toHaveLength(0)
    await runJobs()
    expect(received).toHaveLength(2)

    const { docs } = await h.payload.find({ collection: 'leads', depth: 1 })
    const lead = docs[0]

    const business = mailTo('owner@curbside.test')!
    expect(business.to).toEqual(['owner@curbside.test', 'shop@curbside.test'])
    const b = readable(business.raw)
    expect(b).toContain('Subject: New quote request: Wheel Restoration from Maria Gonzalez')
    expect(b).toContain('Reply-To: maria@example.com')
    expect(b).toContain('Content-Type: text/plain')
    expect(b).toContain('Content-Type: text/html')
    for (const text of [
      'Maria Gonzalez',
      '(512) 555-0177',
      'maria@example.com',
      'Curb rash on both front wheels, 19 inch, gloss black.',
      'Wheel Restoration',
    ]) {
      expect(b).toContain(text)
    }
    expect(b).toContain(`http://localhost:3000/admin/collections/leads/${lead.id}`)
    // When it arrived, in the business's zone (the seeded default) as the back office shows it.
    expect(b).toContain(formatBusinessDate(lead.createdAt, 'America/Chicago'))
    expect(b.match(/Content-Disposition: attachment/g)).toHaveLength(2)
    for (const [i, photo] of (lead.photos as { filename: string }[]).entries()) {
      expect(business.raw).toContain(`Content-Disposition: attachment; filename=photo-${i + 1}.jpg`)
      const stored = fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', photo.filename))
      expect(base64Body(business.raw)).toContain(stored.toString('base64'))
    }

    const customer = mailTo('maria@example.com')!
    expect(customer.to).toEqual(['maria@example.com'])
    const c = readable(customer.raw)
    expect(c).toContain('Subject: We received your Wheel Restoration request')
    // It comes from no-reply: a customer's answer goes to the business.
    expect(c).toMatch(/^Reply-To: service@curbsiderim\.co\r?$/m)
    expect(c).toContain('within 24 hours')
    expect(c).toContain('Thanks, Maria!')
    // Nothing else the visitor wrote: anyone can type someone else's address.
    for (const text of ['Curb rash on both front wheels', 'Gonzalez', '(512) 555-0177']) {
      expect(c).not.toContain(text)
    }
    expect(c).toContain('Content-Type: text/plain')
    expect(c).not.toContain('Content-Disposition: attachment')
  })

  it("the business e-mail names the car's address, ZIP code, vehicle and wheel size; the customer's repeats none", async () => {
    const res = await submitRequest(
      h.http,
      requestForm({
        address: '1234 S Congress Ave, Austin',
        zip: '78704',
        vehicle: 'Audi RS6 Avant',
        wheelSize: '21 inch',
      }),
    )
    expect(res.status).toBe(201)
    await runJobs()
    const b = readable(mailTo('owner@curbside.test')!.raw)
    for (const [name, value] of [
      ['Street address', '1234 S Congress Ave, Austin'],
      ['ZIP code', '78704'],
      ['Vehicle', 'Audi RS6 Avant'],
      ['Wheel size', '21 inch'],
    ]) {
      expect(b).toMatch(new RegExp(`${name}\\s*\\n+\\s*${value}`, 'i'))
    }
    const c = readable(mailTo('maria@example.com')!.raw)
    for (const text of ['S Congress', '78704', 'Audi RS6 Avant', '21 inch']) expect(c).not.toContain(text)
  })

  it('attaches photos up to 15 MB in total; the others are linked to their page in the admin', async () => {
    // Three stored photos of 6 MB each (bytes written in place of small uploads, which is
    // quicker than encoding big ones): two fit in 15 MB, the third does not.
    const stored: { id: number; bytes: Buffer }[] = []
    for (let i = 0; i < 3; i++) {
      const doc = await h.payload.create({
        collection: 'customer-uploads',
        data: {},
        file: await localFile(`p${i}.png`),
      })
      const bytes = randomBytes(6 * 1024 * 1024)
      fs.writeFileSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', doc.filename!), bytes)
      await h.payload.db.updateOne({
        collection: 'customer-uploads',
        id: doc.id,
        data: { filesize: bytes.length },
      })
      stored.push({ id: doc.id, bytes })
    }
    const lead = await h.payload.create({
      collection: 'leads',
      data: { ...REQUEST_FIELDS, status: 'new', photos: stored.map((p) => p.id) },
    })
    await runJobs()
    expect(received).toHaveLength(2)

    const business = mailTo('owner@curbside.test')!
    const b = readable(business.raw)
    expect(b.match(/Content-Disposition: attachment; filename=[^\r\n]*/g)).toEqual([
      'Content-Disposition: attachment; filename=photo-1.jpg',
      'Content-Disposition: attachment; filename=photo-2.jpg',
    ])
    const body = base64Body(business.raw)
    expect(body).toContain(stored[0].bytes.toString('base64'))
    expect(body).toContain(stored[1].bytes.toString('base64'))
    expect(body).not.toContain(stored[2].bytes.subarray(0, 3000).toString('base64'))
    expect(b).toContain('3 sent: 2 attached, 1 too large to attach (linked below)')
    expect(b).toContain(`http://localhost:3000/admin/collections/customer-uploads/${stored[2].id}`)
    expect(b).not.toContain(`http://localhost:3000/admin/collections/customer-uploads/${stored[0].id}`)
    expect(b).toContain(`http://localhost:3000/admin/collections/leads/${lead.id}`)
    expect(mailTo('maria@example.com')).toBeDefined()
  })

  it('builds at most one business e-mail with photos per core at a time, however many jobs a run takes', async () => {
    const slots = Math.max(1, os.availableParallelism())
    const leads = slots + 2
    for (let i = 0; i < leads; i++) {
      const photo = await h.payload.create({
        collection: 'customer-uploads',
        data: {},
        file: await localFile(`m${i}.png`),
      })
      await h.payload.create({
        collection: 'leads',
        // each from a customer of their own (one confirmation per address a day)
        data: { ...REQUEST_FIELDS, email: `customer-${i}@example.com`, status: 'new', photos: [photo.id] },
      })
    }
    businessMail.answerAfterMs = 300
    await runJobs()
    expect(received).toHaveLength(2 * leads)
    const business = received.filter((m) => m.to.includes('owner@curbside.test'))
    expect(business).toHaveLength(leads)
    for (const m of business) expect(m.raw).toContain('Content-Disposition: attachment; filename=photo-1.jpg')
    // Every run takes all the jobs at once; the mail server saw no more than one per core.
    expect(businessMail.mostAtOnce).toBeGreaterThan(0)
    expect(businessMail.mostAtOnce).toBeLessThanOrEqual(slots)
  })

  it("a pricing offer's request names the offer's title", async () => {
    await submitRequest(h.http, requestForm({ serviceType: 'headlight_refresh' }))
    await runJobs()
    expect(readable(mailTo('owner@curbside.test')!.raw)).toContain(
      'Subject: New quote request: Headlight Refresh from Maria Gonzalez',
    )
    expect(readable(mailTo('maria@example.com')!.raw)).toContain(
      'Subject: We received your Headlight Refresh request',
    )
  })

  it("the business e-mail shows the promo code with its discount and the visit's source; the customer's does not", async () => {
    await h.payload.db.deleteMany({ collection: 'promotions', where: {} })
    await h.payload.create({
      collection: 'promotions',
      data: { title: 'Fall', discountCode: 'FALL15', discountType: 'percentage', discountValue: 15 },
    })
    const res = await submitRequest(
      h.http,
      requestForm({ promoCode: 'fall15', utmSource: 'flyer', utmMedium: 'print', utmCampaign: 'fall-doors' }),
    )
    expect(res.status).toBe(201)
    await runJobs()
    // quoted-printable bytes of UTF-8 ("·" is two of them) read back as UTF-8
    const b = Buffer.from(readable(mailTo('owner@curbside.test')!.raw), 'latin1').toString('utf8')
    expect(b).toContain('FALL15 · 15% off')
    expect(b).toContain('flyer / print / fall-doors')
    const c = readable(mailTo('maria@example.com')!.raw)
    expect(c).not.toContain('FALL15')
    expect(c).not.toContain('flyer')
  })

  it('with the mail server down: the submission succeeds, the job backs off, and delivers once the server is back', async () => {
    await stopSmtp()
    const res = await submitRequest(h.http, requestForm())
    expect(res.status).toBe(201)

    const before = Date.now()
    await runJobs()
    expect(received).toHaveLength(0)
    const { docs: jobs } = await h.payload.find({ collection: 'payload-jobs', overrideAccess: true })
    expect(jobs).toHaveLength(2)
    for (const job of jobs) {
      expect(job.totalTried).toBe(1)
      expect(job.hasError).toBe(false)
      expect(job.completedAt ?? null).toBeNull()
      // exponential back-off from the configured minute
      expect(new Date(job.waitUntil!).getTime()).toBeGreaterThanOrEqual(before + 60_000)
      expect((job.log ?? []).some((entry) => entry.state === 'failed')).toBe(true)
    }
    // Still waiting: nothing is retried before its time.
    await runJobs()
    expect(received).toHaveLength(0)

    await startSmtp(smtpPort)
    // The back-off has passed (moved, rather than waited for).
    for (const job of jobs) {
      await h.payload.update({
        collection: 'payload-jobs',
        id: job.id,
        data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
      })
    }
    await runJobs()
    expect(received.map((m) => m.to[0]).sort()).toEqual(['maria@example.com', 'owner@curbside.test'])
    expect(await unfinishedJobs()).toBe(0)
  })
})

describe('each e-mail of a lead goes out once', () => {
  const queueFor = async (leadId: number, audience: 'business' | 'customer') =>
    h.payload.jobs.queue({ task: 'sendQuoteEmail', input: { leadId, audience } })
  const leadRow = async (id: number) =>
    (await h.payload.db.findOne({ collection: 'leads', where: { id: { equals: id } } })) as Record<
      string,
      unknown
    >
  const setColumns = async (id: number, assignments: string) => {
    const { sql } = await import('@payloadcms/db-postgres')
    const db = (h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle
    await db.execute(sql`UPDATE leads SET ${sql.raw(assignments)} WHERE id = ${id}`)
  }
  const setDelivery = async (key: string, assignments: string) => {
    const { sql } = await import('@payloadcms/db-postgres')
    const db = (h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle
    await db.execute(sql`UPDATE email_deliveries SET ${sql.raw(assignments)} WHERE key = ${key}`)
  }
  const delivery = async (key: string) => {
    const { sql } = await import('@payloadcms/db-postgres')
    const db = (h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle
    const { rows } = (await db.execute(sql`
      SELECT claimed_at IS NOT NULL AS claimed, sent_at IS NOT NULL AS sent FROM email_deliveries WHERE key = ${key}`)) as {
      rows: { claimed: boolean; sent: boolean }[]
    }
    return rows[0]
  }

  it('however many runners take its jobs at the same moment', async () => {
    const lead = await h.payload.create({ collection: 'leads', data: { ...REQUEST_FIELDS, status: 'new' } })
    // Two more jobs for the same e-mails, as a second instance's queue would hold them.
    await queueFor(lead.id, 'business')
    await queueFor(lead.id, 'customer')
    await Promise.all([runJobs(), runJobs(), runJobs()])
    expect(received.map((m) => m.to[0]).sort()).toEqual(['maria@example.com', 'owner@curbside.test'])
    const row = await leadRow(lead.id)
    expect(row.businessEmailSentAt).toBeTruthy()
    expect(row.customerEmailSentAt).toBeTruthy()
    expect(await unfinishedJobs()).toBe(0)
  })

  it('a job run again after its e-mail went out sends nothing, and is no error', async () => {
    const lead = await h.payload.create({ collection: 'leads', data: { ...REQUEST_FIELDS, status: 'new' } })
    await runJobs()
    expect(received).toHaveLength(2)
    await queueFor(lead.id, 'customer')
    await runJobs()
    expect(received).toHaveLength(2)
    expect(await unfinishedJobs()).toBe(0)
  })

  it('a retry while another runner holds the e-mail waits for it, then leaves it to a later retry', async () => {
    const lead = await h.payload.create({ collection: 'leads', data: { ...REQUEST_FIELDS, status: 'new' } })
    await runJobs()
    expect(received).toHaveLength(2)
    // What a runner killed right after handing the message over leaves (two minutes ago): the
    // claim held, the hand-over marked, no sent mark. A retry within the lease sends nothing.
    await setColumns(lead.id, `business_email_sent_at = NULL`)
    await setDelivery(
      `quote-email:business:${lead.id}`,
      `sent_at = NULL, claimed_at = now() - interval '2 minutes', handed_over_at = now() - interval '2 minutes'`,
    )
    await queueFor(lead.id, 'business')
    await runJobs()
    expect(received).toHaveLength(2)
    expect(await unfinishedJobs()).toBe(1)

    // Once the lease is over, the message counts as sent: nothing goes out again.
    await setDelivery(`quote-email:business:${lead.id}`, `claimed_at = now() - interval '11 minutes'`)
    await h.payload.db.updateMany({
      collection: 'payload-jobs',
      where: { completedAt: { exists: false } },
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    })
    await runJobs()
    expect(received).toHaveLength(2)
    expect(await unfinishedJobs()).toBe(0)
  })

  it('a failed send leaves the e-mail to the retry, which sends it once', async () => {
    await stopSmtp()
    const lead = await h.payload.create({ collection: 'leads', data: { ...REQUEST_FIELDS, status: 'new' } })
    await runJobs()
    expect(await leadRow(lead.id)).toMatchObject({ businessEmailSentAt: null })
    expect(await delivery(`quote-email:business:${lead.id}`)).toEqual({ claimed: false, sent: false })
    // The lead's timeline says so, with the mail server's error.
    const failed = await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: lead.id } }, { kind: { equals: 'email_failed' } }] },
    })
    expect(failed.docs.map((e) => e.text).sort()).toEqual([
      expect.stringMatching(/^Confirmation to the customer: .*ECONNREFUSED/),
      expect.stringMatching(/^Quote request to the business: .*ECONNREFUSED/),
    ])
    await startSmtp(smtpPort)
    const { docs: jobs } = await h.payload.find({ collection: 'payload-jobs', overrideAccess: true })
    for (const job of jobs) {
      await h.payload.update({
        collection: 'payload-jobs',
        id: job.id,
        data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
      })
    }
    await Promise.all([runJobs(), runJobs()])
    expect(received.map((m) => m.to[0]).sort()).toEqual(['maria@example.com', 'owner@curbside.test'])
  })
})

describe('the customer confirmation, which anyone can send to any address', () => {
  it('greets by a short first name only, and drops a name that carries a link', async () => {
    for (const [firstName, to, greeting] of [
      ['Dana', 'dana@example.com', 'Thanks, Dana!'],
      ['Win $500 at evil.example', 'victim-a@example.com', 'Thanks!'],
      ['http://evil.example/x', 'victim-b@example.com', 'Thanks!'],
      ['A'.repeat(40), 'victim-c@example.com', 'Thanks!'],
    ]) {
      const res = await submitRequest(
        h.http,
        requestForm({ firstName, email: to, description: 'Click https://evil.example/claim now' }),
      )
      expect(res.status).toBe(201)
      await runJobs()
      const c = readable(mailTo(to)!.raw)
      expect(c).toContain(greeting)
      expect(c).not.toContain('evil.example')
      if (greeting === 'Thanks!') expect(c).not.toContain(firstName)
    }
  })

  it('goes to one address at most once a day; the business still hears of every request', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await submitRequest(h.http, requestForm({ email: 'once-a-day@example.com' }))).status).toBe(201)
    }
    await runJobs()
    expect(received.filter((m) => m.to.includes('once-a-day@example.com'))).toHaveLength(1)
    expect(received.filter((m) => m.to.includes('owner@curbside.test'))).toHaveLength(3)
    expect(await unfinishedJobs()).toBe(0)
  })
})
