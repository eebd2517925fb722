import { beforeEach, describe, expect, it } from 'vitest'

import { openSlots } from '@/collections/Visits/bookings'
import { visitLinkCheck } from '@/collections/Visits/customerLinks'
import { customerLinkToken } from '@/server/customer-link-token'

import { attachmentOf, capturedMails } from '../helpers/captured-mail'
import { setupHarness } from '../helpers/harness'
import { textProperty } from '../helpers/ics'
import { newClient, REQUEST_FIELDS } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// A visit the owner books for a customer who phoned and has no quote: its e-mails and calendar
// event link a page of the visit's own, where the customer moves or cancels it with the quote
// page's forms, under the same rules as the quote and pay links.
const h = setupHarness({ http: true })

beforeEach(async () => {
  await emptyCollections(h.payload, ['visits', 'quotes', 'lead-events', 'leads', 'payload-jobs'])
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { timeZone: 'America/Chicago', booking: { vans: 2, blockedTimes: [] } },
  })
})

let counter = 0
async function callerLead() {
  const lead = await h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      email: `caller-${Date.now()}-${++counter}@example.com`,
      address: `${counter} E Riverside Dr, Austin`,
      serviceType: 'rim_rash',
    } as never,
  })
  return { id: lead.id, email: lead.email }
}

async function staffBooks(lead: number, start: string) {
  const res = await h.http.post('/api/visits/book', {
    json: { lead, start },
    session: h.sessionOf('staff'),
  })
  expect(res.status).toBe(201)
  await h.payload.jobs.run({ silent: true })
}

const post = (path: string, fields: Record<string, string>, accept = 'application/json') =>
  h.http.post(path, {
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: accept,
      'X-Forwarded-For': newClient(),
    },
  })

const visitsOf = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'visits',
      where: { lead: { equals: lead } },
      sort: 'id',
      depth: 0,
      pagination: false,
    })
  ).docs.map((v) => ({ id: v.id, start: v.start, cancelledAt: v.cancelledAt ?? null }))

const VISIT_LINK = /https?:\/\/[^\s"<>]+\/visit\/([A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{24})/

// The newest confirmation of a customer's visit, its link, and its calendar event's texts.
function confirmation(email: string, subject = /Subject: Your visit is booked/) {
  const mail = capturedMails(email).find((m) => subject.test(m))
  expect(mail).toBeDefined()
  const ics = attachmentOf(mail!, 'text/calendar')!
  expect(VISIT_LINK.test(mail!)).toBe(true)
  return {
    mail: mail!,
    link: VISIT_LINK.exec(mail!)?.[0] ?? null,
    token: VISIT_LINK.exec(mail!)?.[1] ?? null,
    description: textProperty(ics, 'DESCRIPTION'),
    url: textProperty(ics, 'URL'),
  }
}

const checkOf = async (token: string) =>
  (await visitLinkCheck(h.payload)(new Headers({ 'x-forwarded-for': newClient() }), token)).verdict

describe('a visit booked for a caller without a quote', () => {
  it("e-mails a link to the visit's own page, in the e-mail and the calendar event", async () => {
    const lead = await callerLead()
    const [slot] = await openSlots(h.payload)
    await staffBooks(lead.id, slot.start)
    const sent = confirmation(lead.email)
    expect(sent.link).not.toBeNull()
    expect(sent.mail).toContain('To move or cancel the visit, open the page of your visit.')
    expect(sent.mail).not.toContain('open your quote')
    expect(sent.mail).toContain('Open your visit')
    expect(sent.description).toContain(`Move or cancel: ${sent.link}`)
    expect(sent.url).toBe(sent.link)
    // The link opens this lead's visit, and the proxy's check lets it through.
    expect(await checkOf(sent.token!)).toBe('allowed')
  })

  it("moves and cancels through the link only that customer's visit; the moved e-mail keeps the link", async () => {
    const a = await callerLead()
    const b = await callerLead()
    const slots = await openSlots(h.payload)
    await staffBooks(a.id, slots[0].start)
    await staffBooks(b.id, slots[0].start)
    const { token, link } = confirmation(a.email)
    const before = await visitsOf(b.id)

    const moved = await post('/api/quote-links/book', { token: token!, start: slots[1].start })
    expect([moved.status, moved.body]).toEqual([200, { outcome: 'booked' }])
    const afterMove = await visitsOf(a.id)
    expect(afterMove).toHaveLength(2)
    expect(afterMove[0].cancelledAt).not.toBeNull()
    expect(afterMove[1]).toMatchObject({ start: slots[1].start, cancelledAt: null })
    expect(await visitsOf(b.id)).toEqual(before)
    await h.payload.jobs.run({ silent: true })
    const movedMail = confirmation(a.email, /Subject: Your visit is moved/)
    expect(movedMail.link).toBe(link)
    expect(movedMail.url).toBe(link)

    // A browser's plain form comes back to the visit's page with the outcome.
    const cancelled = await post('/api/quote-links/cancel-visit', { token: token! }, 'text/html')
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get('location')).toBe(`/visit/${token}?visit=cancelled`)
    expect((await visitsOf(a.id)).every((v) => v.cancelledAt !== null)).toBe(true)
    expect(await visitsOf(b.id)).toEqual(before)
  })

  it('refuses a tampered, foreign or unsigned link with a 404, and changes nothing', async () => {
    const a = await callerLead()
    const slots = await openSlots(h.payload)
    await staffBooks(a.id, slots[0].start)
    const { token } = confirmation(a.email)
    const [nonce, signature] = token!.split('.')
    const flipped = `${nonce}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    // Another lead's number under a's signature; the same nonce signed as a quote or pay link.
    const otherLead = `${nonce.slice(0, -1)}${nonce.endsWith('9') ? '8' : '9'}.${signature}`
    const asQuote = customerLinkToken(h.payload.secret, nonce, 'quote')
    const asPay = customerLinkToken(h.payload.secret, nonce, 'pay')
    const before = await visitsOf(a.id)
    for (const bad of [flipped, otherLead, asQuote, asPay, nonce, '', 'x'.repeat(2000)]) {
      const move = await post('/api/quote-links/book', { token: bad, start: slots[1].start })
      expect([move.status, move.body]).toEqual([404, { message: 'This link is not valid.' }])
      const cancel = await post('/api/quote-links/cancel-visit', { token: bad })
      expect(cancel.status).toBe(404)
      expect(await checkOf(bad)).toBe('missing')
    }
    const browser = await post('/api/quote-links/cancel-visit', { token: flipped }, 'text/html')
    expect([browser.status, browser.headers.get('location')]).toEqual([303, '/quote/invalid'])
    expect(await visitsOf(a.id)).toEqual(before)
  })

  it("opens nothing once the lead is closed, or has a quote sent; that quote's link is then e-mailed", async () => {
    const a = await callerLead()
    const slots = await openSlots(h.payload)
    await staffBooks(a.id, slots[0].start)
    const { token } = confirmation(a.email)
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: a.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
    })
    await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
    const before = await visitsOf(a.id)
    expect(await checkOf(token!)).toBe('missing')
    const move = await post('/api/quote-links/book', { token: token!, start: slots[1].start })
    expect(move.status).toBe(404)
    expect(await visitsOf(a.id)).toEqual(before)
    // Moved by the owner now, its e-mail links the quote, as for any quoted lead.
    await staffBooks(a.id, slots[1].start)
    const { tokenNonce } = await h.payload.findByID({
      collection: 'quotes',
      id: quote.id,
      showHiddenFields: true,
    })
    const movedMail = capturedMails(a.email).find((m) => m.includes('Subject: Your visit is moved'))!
    expect(movedMail).toContain(`/quote/${customerLinkToken(h.payload.secret, tokenNonce!)}`)
    expect(VISIT_LINK.test(movedMail)).toBe(false)

    const b = await callerLead()
    await staffBooks(b.id, slots[2].start)
    const bToken = confirmation(b.email).token!
    await h.payload.update({ collection: 'leads', id: b.id, data: { lostReason: 'declined' } as never })
    expect(await checkOf(bToken)).toBe('missing')
    expect((await post('/api/quote-links/cancel-visit', { token: bToken })).status).toBe(404)
  })
})
