import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { PHONE_OR_EMAIL_REQUIRED } from '@/lib/staff-lead'

// A lead typed in by staff for a customer who phoned: a phone or an e-mail is enough; the
// customer's agreement to texts given by phone is recorded with who and when by the server;
// the new-request e-mail goes to the other notification addresses, not to the typist.

type Received = { to: string[]; raw: string }
const received: Received[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).sort(),
        raw: Buffer.concat(chunks).toString('latin1'),
      })
      callback()
    })
  },
})
const smtpPort = await new Promise<number>((resolve) =>
  smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
)
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(smtpPort)
process.env.SMTP_SECURE = 'false'

const { setupHarness } = await import('../helpers/harness')
const h = setupHarness({ http: true })

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

beforeEach(async () => {
  received.length = 0
  await h.payload.db.deleteMany({ collection: 'payload-jobs', where: {} })
  await h.payload.db.deleteMany({ collection: 'lead-events', where: {} })
  await h.payload.db.deleteMany({ collection: 'leads', where: {} })
})

const staff = () => h.sessionOf('staff')
const leadCount = async () => (await h.payload.count({ collection: 'leads', overrideAccess: true })).totalDocs
const stored = (id: number) => h.payload.findByID({ collection: 'leads', id, depth: 0, overrideAccess: true })
const typeIn = (json: Record<string, unknown>, session = staff()) =>
  h.http.post('/api/leads', { session, json })
const recipients = (notificationRecipients: string) =>
  h.payload.updateGlobal({ slug: 'site-settings', data: { notificationRecipients } })

describe('a lead typed in by staff', () => {
  beforeAll(() => recipients('owner@curbside.test'))

  it('needs only a phone', async () => {
    const res = await typeIn({ firstName: 'Rosa', phone: '(512) 555-0142' })
    expect(res.status).toBe(201)
    const lead = await stored(res.body.doc.id)
    expect(lead).toMatchObject({
      firstName: 'Rosa',
      lastName: '',
      phone: '(512) 555-0142',
      phoneE164: '+15125550142',
      description: '',
      serviceType: 'wheel_restoration',
      status: 'new',
      enteredBy: h.accounts.staff.user.id,
      // Named with the number, as a texted lead is: the e-mail is a placeholder.
      name: 'Rosa · (512) 555-0142',
    })
    // No e-mail given: an address that reaches nobody, so no confirmation is mailed.
    expect(lead.email).toBe('phone-5125550142@no-email.invalid')
  })

  it('needs only an e-mail', async () => {
    const res = await typeIn({ email: 'only.mail@curbside.test' })
    expect(res.status).toBe(201)
    const lead = await stored(res.body.doc.id)
    expect(lead).toMatchObject({ email: 'only.mail@curbside.test', phone: '', firstName: '' })
    expect(lead.phoneE164).toBeNull()
    expect(lead.name).toBe('only.mail@curbside.test')
  })

  it('is refused with a field error and nothing stored without a phone or an e-mail', async () => {
    for (const body of [
      { firstName: 'Rosa', description: 'Curb rash' },
      { phone: '  ', email: '' },
    ]) {
      const res = await typeIn(body)
      expect(res.status).toBe(400)
      const errors = res.body.errors[0].data.errors as { path: string; message: string }[]
      expect(errors).toEqual(
        expect.arrayContaining([
          { path: 'phone', message: PHONE_OR_EMAIL_REQUIRED, label: expect.anything() },
          { path: 'email', message: PHONE_OR_EMAIL_REQUIRED, label: expect.anything() },
        ]),
      )
    }
    expect(await leadCount()).toBe(0)
  })

  it('keeps every field the spec requires for a request that is not from staff', async () => {
    const res = await typeIn({ firstName: 'Rosa', phone: '(512) 555-0142' }, null)
    expect(res.status).toBe(400)
    const paths = (res.body.errors[0].data.errors as { path: string }[]).map((e) => e.path).sort()
    expect(paths).toEqual(['description', 'email', 'lastName', 'serviceType'])
    expect(await leadCount()).toBe(0)
  })

  it("records who took the customer's agreement to texts by phone and when, never what the body says", async () => {
    const before = Date.now()
    const res = await typeIn({
      firstName: 'Rosa',
      phone: '(512) 555-0142',
      textConsentByPhone: true,
      textConsentAt: '2020-01-01T00:00:00.000Z',
      textConsentBy: h.accounts.admin.user.id,
      enteredBy: h.accounts.admin.user.id,
    })
    expect(res.status).toBe(201)
    const id = res.body.doc.id as number
    const lead = await stored(id)
    expect(lead.textConsentByPhone).toBe(true)
    expect(lead.textConsentBy).toBe(h.accounts.staff.user.id)
    expect(lead.enteredBy).toBe(h.accounts.staff.user.id)
    const at = Date.parse(lead.textConsentAt ?? '')
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    const { docs: events } = await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: id } },
      depth: 0,
      overrideAccess: true,
    })
    expect(events.map((e) => [e.kind, e.text, e.by])).toEqual([
      ['text_consent', 'By phone', h.accounts.staff.user.id],
    ])

    // An edit cannot move the record either.
    const forged = await h.http.patch(`/api/leads/${id}`, {
      session: h.sessionOf('admin'),
      json: { textConsentAt: '2020-01-01T00:00:00.000Z', textConsentBy: h.accounts.admin.user.id },
    })
    expect(forged.status).toBe(200)
    expect(await stored(id)).toMatchObject({
      textConsentAt: lead.textConsentAt,
      textConsentBy: lead.textConsentBy,
    })
  })

  it('cannot be given text consent by the public API', async () => {
    const res = await typeIn(
      {
        firstName: 'Rosa',
        lastName: 'Vega',
        phone: '(512) 555-0142',
        email: 'rosa@curbside.test',
        description: 'Curb rash',
        serviceType: 'rim_rash',
        textConsentByPhone: true,
        textConsentAt: '2020-01-01T00:00:00.000Z',
      },
      null,
    )
    expect(res.status).toBe(201)
    const lead = await stored(res.body.doc.id)
    expect(lead.textConsentByPhone).toBeFalsy()
    expect(lead.textConsentAt).toBeNull()
    expect(lead.enteredBy).toBeNull()
  })

  it('refuses agreement to texts by phone without a phone', async () => {
    const res = await typeIn({ email: 'only.mail@curbside.test', textConsentByPhone: true })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].data.errors.map((e: { path: string }) => e.path)).toEqual([
      'textConsentByPhone',
    ])
    expect(await leadCount()).toBe(0)
  })
})

describe('the new-request e-mail of a typed-in lead', () => {
  const runJobs = () => h.payload.jobs.run({ silent: true })
  const typist = () => h.accounts.staff.email.toLowerCase()

  it('goes to the other notification addresses, not to the staff member who typed it', async () => {
    await recipients(`${h.accounts.staff.email}, owner@curbside.test`)
    const res = await typeIn({ firstName: 'Rosa', lastName: 'Vega', phone: '(512) 555-0142' })
    expect(res.status).toBe(201)
    await runJobs()
    expect(received.map((m) => m.to)).toEqual([['owner@curbside.test']])
    expect((await stored(res.body.doc.id)).businessEmailSentAt).toBeTruthy()
  })

  it('is not sent when the typist is the only recipient', async () => {
    await recipients(h.accounts.staff.email)
    const res = await typeIn({ firstName: 'Rosa', email: 'rosa@curbside.test' })
    expect(res.status).toBe(201)
    await runJobs()
    // The customer's confirmation still goes to the address they gave.
    expect(received.map((m) => m.to)).toEqual([['rosa@curbside.test']])
    expect(received.flatMap((m) => m.to)).not.toContain(typist())
    expect((await stored(res.body.doc.id)).businessEmailSentAt).toBeNull()
  })

  it('still reaches the typist for a request the public sent', async () => {
    await recipients(h.accounts.staff.email)
    const res = await typeIn(
      {
        firstName: 'Rosa',
        lastName: 'Vega',
        phone: '(512) 555-0142',
        email: 'rosa.public@curbside.test',
        description: 'Curb rash',
        serviceType: 'rim_rash',
      },
      null,
    )
    expect(res.status).toBe(201)
    await runJobs()
    expect(received.map((m) => m.to).sort()).toEqual([['rosa.public@curbside.test'], [typist()]])
  })
})
