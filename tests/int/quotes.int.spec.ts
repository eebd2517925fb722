import type { Pool } from 'pg'
import { commitTransaction, createLocalReq, initTransaction } from 'payload'
import { beforeEach, describe, expect, it } from 'vitest'

import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { QUOTE_STATUS_CONTEXT } from '@/lib/quote-status'
import { answerQuote, owedInvoiceLink, quoteForToken } from '@/collections/Quotes/customerLinks'
import { linkNonceOf, customerLinkToken } from '@/server/customer-link-token'

import { capturedMails } from '../helpers/captured-mail'
import { seedPromotion, seedSentInvoice } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { newClient, REQUEST_FIELDS, requestForm, submitRequest } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// Priced quotes on leads: approved staff alone write and read them, the server prices every
// line from the published offers and the lead's promo code, a revision keeps the version it
// replaces, and an accepted quote stays as it was.
const h = setupHarness({ http: true })

let leadId: number

beforeEach(async () => {
  await emptyCollections(h.payload, [
    'quotes',
    'lead-events',
    'leads',
    'customer-uploads',
    'payload-jobs',
    'promotions',
  ])
  await h.payload.updateGlobal({
    slug: 'home-page',
    data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
  })
  await seedPromotion(h.payload, {
    discountCode: 'FALL15',
    discountType: 'percentage',
    discountValue: 15,
    minimumAmount: 200,
  })
  const res = await submitRequest(h.http, requestForm({ serviceType: 'rim_rash', promoCode: 'fall15' }))
  expect(res.status).toBe(201)
  leadId = (await h.payload.find({ collection: 'leads', limit: 1 })).docs[0].id
})

const FOUR_RIMS_AND_SHINE = [
  { kind: 'offer', offer: 'rim_rash', quantity: 4 },
  { kind: 'free', description: 'Tyre shine', amount: 20 },
]

describe('a priced quote', () => {
  it("is priced on the server: published prices, the lead's promo code, whatever the browser sent", async () => {
    const res = await h.http.post('/api/quotes', {
      json: { lead: leadId, lines: FOUR_RIMS_AND_SHINE, totalCents: 1, status: 'accepted' },
      session: h.sessionOf('staff'),
    })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({
      status: 'draft',
      subtotalCents: 52_000,
      deliveryFeeCents: 0,
      discountCents: 7_800,
      totalCents: 44_200,
      promoCode: 'FALL15',
      promoNote: null,
    })
    expect(
      res.body.doc.lines.map((l: { title: string; amountCents: number }) => [l.title, l.amountCents]),
    ).toEqual([
      ['Rim Rash / Curbed Rim', 50_000],
      ['Tyre shine', 2_000],
    ])
  })

  it('adds the delivery fee below two rims, and says why a code gave nothing', async () => {
    const res = await h.http.post('/api/quotes', {
      json: { lead: leadId, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 1 }] },
      session: h.sessionOf('staff'),
    })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({
      subtotalCents: 12_500,
      deliveryFeeCents: 5_000,
      discountCents: 0,
      totalCents: 17_500,
      promoNote: 'FALL15 applies to orders of $200 or more.',
    })
  })

  it('is for approved staff only, on every API', async () => {
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const made = await h.http.post('/api/quotes', {
        json: { lead: leadId, lines: FOUR_RIMS_AND_SHINE },
        session: h.sessionOf(persona),
      })
      expect(made.status).toBe(403)
    }
    await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const list = await h.http.get('/api/quotes', { session: h.sessionOf(persona) })
      expect(list.status).toBe(403)
      const gql = await h.http.post('/api/graphql', {
        json: { query: '{ Quotes { docs { id totalCents } } }' },
        session: h.sessionOf(persona),
      })
      expect(gql.body.data?.Quotes ?? null).toBeNull()
    }
    await expect(
      h.payload.find({ collection: 'quotes', overrideAccess: false, user: h.userOf('unapproved') }),
    ).rejects.toThrow()
    expect((await h.http.get('/api/quotes', { session: h.sessionOf('staff') })).body.totalDocs).toBe(1)
  })

  it('refuses what cannot be priced, and saves nothing', async () => {
    for (const lines of [
      [],
      [{ kind: 'offer', quantity: 2 }],
      [{ kind: 'offer', offer: 'rim_rash', quantity: 0 }],
      [{ kind: 'free', description: '', amount: 10 }],
    ]) {
      const res = await h.http.post('/api/quotes', {
        json: { lead: leadId, lines },
        session: h.sessionOf('staff'),
      })
      expect(res.status).toBe(400)
    }
    const noLead = await h.http.post('/api/quotes', {
      json: { lead: 999_999, lines: FOUR_RIMS_AND_SHINE },
      session: h.sessionOf('staff'),
    })
    expect(noLead.status).toBe(400)
    expect((await h.payload.count({ collection: 'quotes' })).totalDocs).toBe(0)
  })

  it('keeps its prices when the site changes them, until it is revised; the revision keeps the earlier version', async () => {
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    const offers = homePageData(DEFAULT_HOME_CONTENT).pricing.offers.map((o) =>
      o.key === 'rim_rash' ? { ...o, price: 135 } : o,
    )
    await h.payload.updateGlobal({ slug: 'home-page', data: { _status: 'published', pricing: { offers } } })
    expect((await h.payload.findByID({ collection: 'quotes', id: quote.id })).subtotalCents).toBe(52_000)

    const revised = await h.http.patch(`/api/quotes/${quote.id}`, {
      json: { lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] },
      session: h.sessionOf('staff'),
    })
    expect(revised.status).toBe(200)
    expect(revised.body.doc.subtotalCents).toBe(27_000)
    const history = await h.payload.findVersions({
      collection: 'quotes',
      where: { parent: { equals: quote.id } },
      sort: 'createdAt',
    })
    expect(history.docs.map((v) => v.version.subtotalCents)).toEqual([52_000, 27_000])
  })

  it('goes with its lead', async () => {
    await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    const res = await h.http.delete(`/api/leads/${leadId}`, { session: h.sessionOf('staff') })
    expect(res.status).toBe(200)
    expect((await h.payload.count({ collection: 'quotes' })).totalDocs).toBe(0)
    expect((await h.payload.countVersions({ collection: 'quotes' })).totalDocs).toBe(0)
  })

  it('once accepted, stays as it was', async () => {
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    await h.payload.update({
      collection: 'quotes',
      id: quote.id,
      data: {},
      context: { [QUOTE_STATUS_CONTEXT]: 'accepted' },
    })
    const res = await h.http.patch(`/api/quotes/${quote.id}`, {
      json: { lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] },
      session: h.sessionOf('staff'),
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('An accepted quote cannot be changed.')
    expect(await h.payload.findByID({ collection: 'quotes', id: quote.id })).toMatchObject({
      status: 'accepted',
      subtotalCents: 52_000,
    })
  })
})

describe('the quotes migration', () => {
  it('goes down and up again', async () => {
    await h.payload.db.deleteVersions({ collection: 'quotes', where: {} })
    await h.payload.db.deleteMany({ collection: 'quotes', where: {} })
    await migrateDownAndUp(h.payload, 'quotes')
    const made = await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    expect(made.totalCents).toBe(44_200)
  })
})

describe('sending a quote', () => {
  const send = (id: number, persona: Parameters<typeof h.sessionOf>[0] = 'staff') =>
    h.http.post(`/api/quotes/${id}/send`, { session: h.sessionOf(persona) })
  const nonceOf = async (id: number) =>
    (await h.payload.findByID({ collection: 'quotes', id, showHiddenFields: true })).tokenNonce
  const newQuote = () =>
    h.payload.create({ collection: 'quotes', data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never })

  it('e-mails the customer the quote and its link, and moves a new lead to quoted', async () => {
    const quote = await newQuote()
    const res = await send(quote.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Quote sent.', reach: 'email' })
    expect(await h.payload.findByID({ collection: 'quotes', id: quote.id })).toMatchObject({ status: 'sent' })
    expect((await h.payload.findByID({ collection: 'leads', id: leadId })).status).toBe('quoted')

    await h.payload.jobs.run({ silent: true })
    const [mail] = capturedMails(REQUEST_FIELDS.email).filter((m) => m.includes('Subject: Your quote from'))
    expect(mail).toContain('Total: $442')
    expect(mail).toContain('4 × Rim Rash / Curbed Rim: $500')
    expect(mail).toContain('Discount: −$78')
    const token = mail.match(/\/quote\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/)?.[1]
    expect(token).toBeDefined()
    expect(linkNonceOf(h.payload.secret, token)).toBe(await nonceOf(quote.id))
  })

  it('is for approved staff only, and changes nothing otherwise', async () => {
    const quote = await newQuote()
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect((await send(quote.id, persona)).status).toBe(403)
    }
    expect(await h.payload.findByID({ collection: 'quotes', id: quote.id })).toMatchObject({
      status: 'draft',
    })
    expect((await h.payload.findByID({ collection: 'leads', id: leadId })).status).toBe('new')
    expect(
      (
        await h.payload.count({
          collection: 'payload-jobs',
          where: { taskSlug: { equals: 'sendQuoteLink' } },
        })
      ).totalDocs,
    ).toBe(0)
    expect((await send(999_999)).status).toBe(404)
  })

  it('a new link each time; a revision closes the link sent before', async () => {
    const quote = await newQuote()
    await send(quote.id)
    const first = await nonceOf(quote.id)
    await send(quote.id)
    const second = await nonceOf(quote.id)
    expect(second).toBeTruthy()
    expect(second).not.toBe(first)
    await h.http.patch(`/api/quotes/${quote.id}`, {
      json: { note: 'Price includes the centre caps.' },
      session: h.sessionOf('staff'),
    })
    expect(await nonceOf(quote.id)).toBeNull()
    expect((await h.payload.findByID({ collection: 'quotes', id: quote.id })).status).toBe('draft')
  })

  it('leaves a lead that is further on where it is', async () => {
    for (const status of ['contacted', 'quoted', 'completed'] as const) {
      await h.payload.update({ collection: 'leads', id: leadId, data: { status } })
    }
    const quote = await newQuote()
    expect((await send(quote.id)).status).toBe(200)
    expect((await h.payload.findByID({ collection: 'leads', id: leadId })).status).toBe('completed')
  })
})

describe("the customer's answer", () => {
  const sentQuote = async () => {
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: leadId, lines: FOUR_RIMS_AND_SHINE } as never,
    })
    await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
    const { tokenNonce } = await h.payload.findByID({
      collection: 'quotes',
      id: quote.id,
      showHiddenFields: true,
    })
    return { id: quote.id, token: customerLinkToken(h.payload.secret, tokenNonce!) }
  }
  const post = (kind: 'accept' | 'changes', fields: Record<string, string>, client = newClient()) =>
    h.http.post(`/api/quote-links/${kind}`, {
      body: new URLSearchParams(fields).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': client,
      },
    })
  const answerJobs = async () =>
    (
      await h.payload.count({
        collection: 'payload-jobs',
        where: { taskSlug: { equals: 'sendQuoteAnswer' } },
      })
    ).totalDocs

  it('accepting records when and from where, tells the business once, and a second click changes nothing', async () => {
    const { id, token } = await sentQuote()
    const res = await post('accept', { token }, '198.51.100.7')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Quote accepted.' })
    const quote = await h.payload.findByID({ collection: 'quotes', id })
    expect(quote).toMatchObject({ status: 'accepted', acceptedFrom: '198.51.100.7' })
    expect(quote.acceptedAt).toBeTruthy()
    expect((await post('accept', { token })).status).toBe(409)
    expect(await answerJobs()).toBe(1)
    await h.payload.jobs.run({ silent: true })
    const mails = capturedMails('Quote accepted: Maria Gonzalez, $442')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatch(new RegExp(`/admin/collections/leads/${leadId}\\b`))
  })

  it('raced 20 times at once, is recorded once', async () => {
    const { id, token } = await sentQuote()
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('accept', { token })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)])
    expect(await answerJobs()).toBe(1)
    expect((await h.payload.findByID({ collection: 'quotes', id })).status).toBe('accepted')
  })

  // Sessions of this database waiting for a row another transaction holds.
  const waitingOnLocks = async () => {
    const pool = (h.payload.db as unknown as { pool: Pool }).pool
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    )
    return rows[0].n as number
  }
  const staffSave = (id: number) =>
    h.http.patch(`/api/quotes/${id}`, {
      json: { note: 'Bring the wide tyre.' },
      session: h.sessionOf('staff'),
    })

  it("a staff save made while the customer's Accept commits never undoes it", async () => {
    const { id, token } = await sentQuote()
    // The customer's Accept, recorded in a transaction held open; a staff save starts meanwhile.
    const customer = await createLocalReq({}, h.payload)
    await initTransaction(customer)
    const nonce = linkNonceOf(h.payload.secret, token)!
    expect(await answerQuote(customer, nonce, { kind: 'accept', from: '198.51.100.9' })).toBe(id)
    const save = staffSave(id)
    await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(1)
    await commitTransaction(customer)
    const res = await save
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('An accepted quote cannot be changed.')
    const quote = await h.payload.findByID({ collection: 'quotes', id, showHiddenFields: true })
    expect(quote).toMatchObject({ status: 'accepted', tokenNonce: nonce, note: null })
  })

  it('a staff save under way when the customer taps Accept: the customer is told, nothing is half done', async () => {
    const { id, token } = await sentQuote()
    // The staff save, in a transaction held open; the customer taps Accept meanwhile.
    const staff = await createLocalReq({ user: h.userOf('staff') }, h.payload)
    await initTransaction(staff)
    await h.payload.update({
      collection: 'quotes',
      id,
      data: { note: 'Bring the wide tyre.' },
      overrideAccess: false,
      user: h.userOf('staff'),
      req: staff,
    })
    const accept = post('accept', { token })
    await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(1)
    await commitTransaction(staff)
    const res = await accept
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ message: 'This quote cannot be answered any more.' })
    const quote = await h.payload.findByID({ collection: 'quotes', id, showHiddenFields: true })
    expect(quote).toMatchObject({ status: 'draft', tokenNonce: null, note: 'Bring the wide tyre.' })
    expect(await answerJobs()).toBe(0)
  })

  it('raced against staff saves, an acceptance the customer was told of is always kept', async () => {
    for (let round = 0; round < 8; round++) {
      const { id, token } = await sentQuote()
      const [accepted, saved] = await Promise.all([post('accept', { token }), staffSave(id)])
      const quote = await h.payload.findByID({ collection: 'quotes', id })
      // Exactly one of the two wins, and the quote says which.
      expect([accepted.status, saved.status].sort()).toEqual(
        accepted.status === 200 ? [200, 400] : [200, 409],
      )
      expect(quote.status).toBe(accepted.status === 200 ? 'accepted' : 'draft')
    }
  })

  it('a request for changes reaches the business with its words', async () => {
    const { id, token } = await sentQuote()
    expect((await post('changes', { token, message: '' })).status).toBe(400)
    // A NUL (PostgreSQL refuses it) or another control character: a clear 400, nothing kept.
    for (const message of ['Front\u0000 wheels', 'Front\u001b[31m wheels']) {
      const refused = await post('changes', { token, message })
      expect([refused.status, refused.body]).toEqual([
        400,
        { message: 'Your message contains characters that are not allowed.' },
      ])
    }
    expect(await h.payload.findByID({ collection: 'quotes', id })).toMatchObject({ status: 'sent' })
    const res = await post('changes', { token, message: 'Can you do the two front wheels only?' })
    expect(res.status).toBe(200)
    expect(await h.payload.findByID({ collection: 'quotes', id })).toMatchObject({
      status: 'changes_requested',
      changeRequest: 'Can you do the two front wheels only?',
    })
    await h.payload.jobs.run({ silent: true })
    const [mail] = capturedMails('Changes requested: Maria Gonzalez')
    expect(mail).toContain('Can you do the two front wheels only?')
  })

  it("a completed job's quote takes no answer; its page points to the invoice still owed", async () => {
    const { id, token } = await sentQuote()
    await h.payload.db.updateOne({ collection: 'leads', id: leadId, data: { status: 'completed' } })
    expect((await quoteForToken(h.payload, token))?.state).toBe('done')
    expect((await post('accept', { token })).status).toBe(409)
    expect((await post('changes', { token, message: 'Cheaper?' })).status).toBe(409)
    expect((await h.payload.findByID({ collection: 'quotes', id })).status).toBe('sent')
    expect(await answerJobs()).toBe(0)
    expect(await owedInvoiceLink(h.payload, leadId)).toBeNull()
    const invoice = await seedSentInvoice(h.payload, leadId)
    expect(await owedInvoiceLink(h.payload, leadId)).toMatch(/^\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(invoice.number).toBeTruthy()
  })

  it('an expired, revised or tampered link changes nothing', async () => {
    const expired = await sentQuote()
    await h.payload.db.updateOne({
      collection: 'quotes',
      id: expired.id,
      data: { validUntil: new Date(Date.now() - 60_000).toISOString() },
    })
    expect((await post('accept', { token: expired.token })).status).toBe(409)
    expect((await quoteForToken(h.payload, expired.token))?.state).toBe('expired')

    const revised = await sentQuote()
    await h.http.patch(`/api/quotes/${revised.id}`, {
      json: { note: 'New note' },
      session: h.sessionOf('staff'),
    })
    expect((await post('accept', { token: revised.token })).status).toBe(409)
    expect(await quoteForToken(h.payload, revised.token)).toBeNull()

    const tampered = `${revised.token.slice(0, -2)}AA`
    expect((await post('accept', { token: tampered })).status).toBe(404)
    expect((await post('accept', { token: 'nothing' })).status).toBe(404)
    expect(await answerJobs()).toBe(0)
  })

  it('refuses bodies it does not read', async () => {
    const { token } = await sentQuote()
    const asJson = await h.http.post('/api/quote-links/accept', { json: { token } })
    expect(asJson.status).toBe(415)
  })
})
