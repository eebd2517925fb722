import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedInvoice, seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'

import { readLeadInvoices } from '@/data/back-office'
import { LEAD_FORM_ERRORS } from '@/lib/lead-forms'
import { moneyState } from '@/lib/money'
import { emptyCollections } from '../helpers/payload'

// The lead page's "Record a payment" (POST /api/leads/:id/payment, a plain form as the text
// reply): what the customer hands over at the van, typed in dollars, recorded in cents on the
// lead's sent invoice. Approved staff from the site's own pages only; a refusal records
// nothing; the same form posted twice records one payment and the customer one receipt.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const payments = async () =>
  (
    (await db().execute(
      sql`SELECT invoice_id, lead_id, kind, method, amount_cents, reference, recorded_by_id FROM payments ORDER BY id`,
    )) as unknown as { rows: Doc[] }
  ).rows.map((r): Doc => ({ ...r, amount_cents: Number(r.amount_cents) }))
const invoice = (id: number) => h.payload.findByID({ collection: 'invoices', id, depth: 0 })
const runJobs = () => h.payload.jobs.run({ silent: true })
const receipts = (email: string) => capturedMails(email).filter((m) => m.includes('Subject: Receipt from'))

let lead: Doc
let sent: Doc
let back: string
let keys = 0
const formKey = () => `form-key-${String(++keys).padStart(8, '0')}`

beforeEach(async () => {
  await emptyCollections(h.payload, ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  lead = await seedLead(h.payload, { email: `van-${Date.now()}-${keys}@example.com` })
  // $275.00: two rims at $125, a $50 fee, $25 off.
  sent = await seedSentInvoice(h.payload, lead.id)
  back = `/admin?tab=leads&lead=${lead.id}`
})

type Options = { persona?: Persona; json?: boolean; origin?: string | null; headers?: Record<string, string> }

function record(fields: Record<string, string>, options: Options = {}, leadId: number = lead.id) {
  return h.http.post(`/api/leads/${leadId}/payment`, {
    session: h.sessionOf(options.persona ?? 'staff'),
    origin: options.origin,
    body: new URLSearchParams({ back, invoice: String(sent.id), method: 'cash', ...fields }).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(options.json ? { Accept: 'application/json' } : {}),
      ...options.headers,
    },
  })
}

const refusedWith = (error: keyof typeof LEAD_FORM_ERRORS) => `${back}&error=${error}`

describe('who may record a payment', () => {
  it('only approved staff, from the site itself: nothing is recorded for anyone else', async () => {
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect((await record({ amount: '10.00' }, { persona })).status).toBe(403)
    }
    for (const options of [
      { origin: 'https://evil.example' },
      { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } },
      { origin: null },
    ]) {
      expect((await record({ amount: '10.00' }, options)).status).toBe(403)
    }
    expect(await payments()).toEqual([])
  })
})

describe('a payment recorded at the van', () => {
  it('is converted to cents on the server, settles the invoice and sends the browser back', async () => {
    const res = await record({ amount: '$100.5', method: 'zelle', reference: ' Zelle 7731 ', key: formKey() })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${back}&done=payment`)
    expect(await payments()).toEqual([
      {
        invoice_id: sent.id,
        lead_id: lead.id,
        kind: 'payment',
        method: 'zelle',
        amount_cents: 10_050,
        reference: 'Zelle 7731',
        recorded_by_id: h.userOf('staff')!.id,
      },
    ])
    expect(await invoice(sent.id)).toMatchObject({ status: 'part_paid', balanceCents: 17_450 })
    const shown = await readLeadInvoices({ payload: h.payload, user: h.userOf('staff')! }, lead.id)
    expect(shown.map((i) => [i.number, moneyState(i), i.balanceCents])).toEqual([
      [sent.number, 'part_paid', 17_450],
    ])

    // The page's script asks for JSON; the rest, in cash, pays it.
    const json = await record({ amount: '174.50', key: formKey() }, { json: true })
    expect(json.status).toBe(201)
    expect(json.body).toEqual({
      message: 'Payment recorded',
      location: expect.stringMatching(/[?&]done=payment$/),
    })
    expect(await invoice(sent.id)).toMatchObject({ status: 'paid', balanceCents: 0 })
    const paid = await readLeadInvoices({ payload: h.payload, user: h.userOf('staff')! }, lead.id)
    expect(paid.map((i) => moneyState(i))).toEqual(['paid'])
  })

  it('shows a sent invoice with nothing paid as owing, and the draft beside it', async () => {
    const draft = await seedInvoice(h.payload, lead.id)
    const shown = await readLeadInvoices({ payload: h.payload, user: h.userOf('staff')! }, lead.id)
    expect(shown.map((i) => [i.number ?? null, i.status, moneyState(i), i.balanceCents])).toEqual([
      [null, 'draft', null, draft.balanceCents],
      [sent.number, 'sent', 'owing', 27_500],
    ])
    // A sent invoice still owed carries its pay link, for the QR code at the van; a draft none.
    expect(shown.map((i) => Boolean(i.payLink))).toEqual([false, true])
  })

  it('takes a payment on the drafted invoice: sent with its number, one receipt and no invoice e-mail', async () => {
    const draft = await seedInvoice(h.payload, lead.id)
    const res = await record({ amount: '10', invoice: String(draft.id), key: formKey() })
    expect(res.headers.get('location')).toBe(`${back}&done=payment`)
    const after = await invoice(draft.id)
    expect(after).toMatchObject({ status: 'part_paid', paidCents: 1_000 })
    expect(after.number).toMatch(/^\d{4}-\d{4}$/)
    await runJobs()
    await runJobs()
    expect(receipts(lead.email)).toHaveLength(1)
    expect(receipts(lead.email)[0]).toContain(`Invoice: ${after.number}`)
    expect(
      capturedMails(lead.email).filter((m) => m.includes(`Subject: Invoice ${after.number} from`)),
    ).toEqual([])
  })

  it('is recorded once when the same form is posted twice, even at once, with one receipt', async () => {
    const key = formKey()
    const first = await record({ amount: '50', reference: 'bills', key })
    const again = await record({ amount: '50', reference: 'bills', key })
    expect([first.status, again.status]).toEqual([303, 303])
    expect(again.headers.get('location')).toBe(`${back}&done=payment`)
    const twin = formKey()
    const both = await Promise.all([record({ amount: '25', key: twin }), record({ amount: '25', key: twin })])
    expect(both.map((r) => r.headers.get('location'))).toEqual([
      `${back}&done=payment`,
      `${back}&done=payment`,
    ])
    expect((await payments()).map((p) => p.amount_cents)).toEqual([5_000, 2_500])
    expect(await invoice(sent.id)).toMatchObject({ paidCents: 7_500, balanceCents: 20_000 })

    await runJobs()
    await runJobs()
    const mails = receipts(lead.email)
    expect(mails.map((m) => m.match(/Amount received: (\S+)/)?.[1]).sort()).toEqual(['$25.00', '$50.00'])
    expect(mails[0]).toContain(`Invoice: ${sent.number}`)
  })

  it('refuses an empty or malformed amount, a bad method or reference, and more than is owed, recording nothing', async () => {
    const cases: [Record<string, string>, keyof typeof LEAD_FORM_ERRORS][] = [
      [{ amount: '' }, 'payment-amount'],
      [{ amount: 'abc' }, 'payment-amount'],
      [{ amount: '10.001' }, 'payment-amount'],
      [{ amount: '-10' }, 'payment-amount'],
      [{ amount: '0.00' }, 'payment-amount'],
      [{ amount: '10', method: 'card_online' }, 'payment-method'],
      [{ amount: '10', method: 'bitcoin' }, 'payment-method'],
      [{ amount: '10', reference: 'x'.repeat(101) }, 'payment-reference'],
      [{ amount: '10', reference: 'a\u0000b' }, 'payment-reference'],
      [{ amount: '275.01' }, 'payment-over'],
      [{ amount: '10', invoice: 'x' }, 'payment-invoice'],
    ]
    for (const [fields, error] of cases) {
      const res = await record({ key: formKey(), ...fields })
      expect([res.status, res.headers.get('location')], JSON.stringify(fields)).toEqual([
        303,
        refusedWith(error),
      ])
    }
    const json = await record({ amount: '275.01' }, { json: true })
    expect(json.status).toBe(409)
    expect((json.body as Doc).errors[0].message).toBe(LEAD_FORM_ERRORS['payment-over'])
    expect(await payments()).toEqual([])
    expect(await invoice(sent.id)).toMatchObject({ status: 'sent', balanceCents: 27_500 })
    await runJobs()
    expect(receipts(lead.email)).toEqual([])
  })

  it("refuses another lead's invoice, even a draft, and one paid in full", async () => {
    const other = await seedLead(h.payload)
    const theirs = await seedSentInvoice(h.payload, other.id)
    const theirDraft = await seedInvoice(h.payload, other.id)
    for (const id of [theirDraft.id, theirs.id]) {
      const res = await record({ amount: '10', invoice: String(id), key: formKey() })
      expect(res.headers.get('location')).toBe(refusedWith('payment-invoice'))
    }
    // The same form's twin is still answered as recorded once the invoice is paid.
    const key = formKey()
    expect((await record({ amount: '275', key })).headers.get('location')).toBe(`${back}&done=payment`)
    expect((await record({ amount: '275', key })).headers.get('location')).toBe(`${back}&done=payment`)
    expect((await record({ amount: '1', key: formKey() })).headers.get('location')).toBe(
      refusedWith('payment-paid'),
    )
    expect((await payments()).map((p) => [p.invoice_id, p.amount_cents])).toEqual([[sent.id, 27_500]])
    expect((await record({ amount: '1' }, {}, 999_999)).headers.get('location')).toBe(
      `/admin?tab=leads&lead=${lead.id}&error=missing`,
    )
  })
})
