import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { DEPOSIT_RETURN_PARAM, type DepositRule, depositDueCents, depositRule } from '@/lib/deposits'
import { serverUrl } from '@/lib/server-url'
import { type PaymentMethod, relationId } from '@/lib/invoices'
import type { Quote } from '@/payload-types'
import { copyQuoteToLead } from '@/collections/Leads/copyQuoteToLead'
import { closedSessionsOf, recordedOrExpired } from '@/payments/checkoutSessions'
import { flagOverpayment } from '@/payments/overpayment'
import { settleInvoice } from '@/payments/settle'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { depositPaidCents } from '@/payments/depositPaid'
import { notePayment } from '@/payments/recordPayment'
import { dbOf } from '@/server/db'
import { cardPaymentsEnabled, createCheckoutSession } from '@/payments/stripe'

import {
  jobInvoiced,
  keepDepositSession,
  queueSettledDepositSessionsExpiry,
} from '@/payments/depositSessions'
import { formatMoney } from '@/lib/money'

// A deposit taken when the customer accepts a quote online (SiteSettings `deposit`): paid on
// Stripe's page, recorded from its signed webhook as a payment of kind `deposit` on the quote,
// which only then counts as accepted. The invoice drafted from the quote deducts it.

type Rows<T> = { rows: T[] }

export async function depositSettings(payload: Payload, req?: Partial<PayloadRequest>): Promise<DepositRule> {
  const s = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req })
  return depositRule(s.deposit)
}

/**
 * The quote's row, locked until the caller's transaction ends: a deposit, its refunds and the
 * quote's acceptance are decided one event at a time, and always before any invoice's lock.
 */
export async function lockQuote(
  req: PayloadRequest,
  id: number,
): Promise<{ id: number; lead_id: number | null } | null> {
  const db = await dbOf(req.payload, req)
  const result = (await db.execute(sql`
    SELECT id, lead_id FROM quotes WHERE id = ${id} FOR UPDATE`)) as unknown as Rows<{
    id: number
    lead_id: number | null
  }>
  return result.rows[0] ?? null
}

/**
 * The invoices drafted from the quote settled again after its deposit changed (paid, or
 * refunded); answers their ids. In the caller's transaction, under lockQuote.
 */
export async function settleInvoicesOfQuote(req: PayloadRequest, quote: number): Promise<number[]> {
  const db = await dbOf(req.payload, req)
  const invoices = (await db.execute(sql`
    SELECT id FROM invoices WHERE quote_id = ${quote} AND kind = 'invoice' ORDER BY id
  `)) as unknown as Rows<{ id: number }>
  const ids = invoices.rows.map((i) => Number(i.id))
  for (const id of ids) await settleInvoice(req.payload, req, id)
  return ids
}

export type DepositState = {
  /** What the settings ask of this quote's total; 0 when no deposit applies. */
  dueCents: number
  paidCents: number
  /** A deposit applies and none is paid (a part of one counts as paid: it was what was asked then). */
  outstanding: boolean
  /** The customer can pay it on Stripe's page (card payments are set up). */
  online: boolean
  /** Booking a visit waits for it (the owner's setting, and it can be paid online). */
  holdsBooking: boolean
}

export async function depositStateOf(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  quote: Pick<Quote, 'id' | 'totalCents' | 'lead'> & Partial<Pick<Quote, 'depositWaivedAt'>>,
  rule?: DepositRule,
): Promise<DepositState> {
  const settings = rule ?? (await depositSettings(payload, req))
  // Once invoiced, no deposit is asked on either door (the page, the accept endpoint), and no
  // visit waits for one: the invoice is what is owed. Waived by the owner, none is asked either.
  const asked = quote.depositWaivedAt ? 0 : depositDueCents(quote.totalCents ?? 0, settings)
  const dueCents =
    asked > 0 && (await jobInvoiced(await dbOf(payload, req), quote.id, relationId(quote.lead))) ? 0 : asked
  const paidCents = asked > 0 ? await depositPaidCents(payload, req, quote.id) : 0
  // Less than its Stripe page asked (a cent of a $50 deposit) still leaves it to pay; what the
  // page asked counts, not today's settings, which may have raised it since.
  const largestAsked = dueCents > 0 ? await largestDepositAsked(payload, req, quote.id) : 0
  const outstanding = dueCents > 0 && paidCents < (largestAsked > 0 ? Math.min(dueCents, largestAsked) : 1)
  const online = cardPaymentsEnabled()
  // Without card payments online nothing on the site could mark the deposit paid: the
  // customer is told to call, and booking is not held back (docs/configuration.md).
  return {
    dueCents,
    paidCents,
    outstanding,
    online,
    holdsBooking: outstanding && online && settings.beforeBooking,
  }
}

async function largestDepositAsked(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  quote: number,
): Promise<number> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(sql`
    SELECT coalesce(max(amount_cents), 0) AS asked FROM stripe_checkout_sessions WHERE quote_id = ${quote}
  `)) as unknown as Rows<{ asked: string | number }>
  return Number(result.rows[0]?.asked ?? 0)
}

/**
 * A deposit Stripe reports paid: one payment row per payment intent however often it is told,
 * on the lead's timeline once, and the quote accepted if it was still waiting for it. In the
 * webhook's transaction.
 */
export async function recordDeposit(
  req: PayloadRequest,
  // The lead the page was opened for (its metadata): named still when the quote is gone.
  d: {
    quote: number
    lead?: number | null
    paymentIntent: string | null
    amountCents: number | null
    /** False for less than its Stripe page asked: booked, but the quote waits. */
    accepts?: boolean
  },
): Promise<'recorded' | 'ignored'> {
  if (!Number.isSafeInteger(d.quote) || !d.paymentIntent || !d.amountCents || d.amountCents <= 0)
    return 'ignored'
  const db = await dbOf(req.payload, req)
  const quote = await lockQuote(req, d.quote)
  if (!quote)
    return recordDepositOfDeletedQuote(req, {
      lead: d.lead,
      paymentIntent: d.paymentIntent,
      amountCents: d.amountCents,
    })
  const lead = quote.lead_id
  if (
    !(await insertCardDeposit(req, {
      quote: d.quote,
      lead,
      paymentIntent: d.paymentIntent,
      amountCents: d.amountCents,
    }))
  )
    return 'ignored'
  // Paid on a page opened before the job was invoiced: the invoice deducts it now, and what it
  // did not owe (already paid in full) is flagged to be given back. An invoice of the lead not
  // drafted from this quote deducts nothing: the whole deposit is flagged.
  const invoices = await settleInvoicesOfQuote(req, d.quote)
  for (const invoice of invoices) await flagOverpayment(req, invoice, d.amountCents)
  if (invoices.length === 0 && lead != null && (await jobInvoiced(db, d.quote, Number(lead))))
    await recordLeadEvent(req.payload, req, {
      lead: Number(lead),
      kind: 'overpaid',
      text: `${formatMoney(d.amountCents)} deposit paid by card after the job was invoiced, and no invoice deducts it: refund it in Stripe`,
    })
  if (d.accepts === false) return 'recorded'
  // Paid even if the quote expired while the customer was on Stripe's page: the money says yes.
  if (await acceptForDeposit(req, d.quote, lead, { text: 'By the customer, with the deposit' }))
    await req.payload.jobs.queue({ task: 'sendQuoteAnswer', input: { quoteId: d.quote }, req })
  return 'recorded'
}

/**
 * The quote accepted if it was still waiting (sent), with its "Quote accepted" on the lead's
 * timeline; true when this call accepted it. Under lockQuote, in the caller's transaction.
 */
async function acceptForDeposit(
  req: PayloadRequest,
  quote: number,
  lead: number | null,
  event: { text: string; by?: number | null },
): Promise<boolean> {
  const db = await dbOf(req.payload, req)
  const accepted = (await db.execute(sql`
    UPDATE quotes SET status = 'accepted', accepted_at = now(), updated_at = now()
    WHERE id = ${quote} AND status = 'sent'
    RETURNING id`)) as unknown as Rows<{ id: number }>
  if (accepted.rows.length !== 1 || lead == null) return false
  await copyQuoteToLead(req.payload, req, Number(lead))
  await recordLeadEvent(req.payload, req, { lead: Number(lead), kind: 'quote_accepted', ...event })
  return true
}

type OpenQuote = {
  status: string
  total_cents: number | null
  lead_id: number | null
  deposit_waived_at: string | null
}

// The quote under lockQuote with what its deposit still asks; null when it is not the lead's,
// or not one the customer can still go ahead with (sent, or accepted with the deposit owed).
async function openDepositOf(
  req: PayloadRequest,
  quote: number,
  lead: number,
): Promise<{ row: OpenQuote; state: DepositState } | null> {
  if (!(await lockQuote(req, quote))) return null
  const db = await dbOf(req.payload, req)
  const row = (
    (await db.execute(sql`
      SELECT status, total_cents, lead_id, deposit_waived_at FROM quotes WHERE id = ${quote}`)) as unknown as Rows<OpenQuote>
  ).rows[0]
  if (!row || Number(row.lead_id) !== lead || (row.status !== 'sent' && row.status !== 'accepted'))
    return null
  const state = await depositStateOf(req.payload, req, {
    id: quote,
    lead,
    totalCents: Number(row.total_cents ?? 0),
    depositWaivedAt: row.deposit_waived_at,
  })
  return { row, state }
}

export type HandDepositOutcome = 'recorded' | 'not-open' | 'not-owed' | 'too-small' | 'too-large'

/**
 * A deposit the customer handed over (cash, check, Zelle/Venmo, a card reader), recorded by
 * staff as a payment of kind `deposit` on the quote, as Stripe's are, so the invoice drafted
 * from it deducts it once; the quote accepted if it was still waiting. At least what the
 * deposit still asks and at most what the quote still owes. Once per form (its key); under the
 * quote's lock, so a second tap or Stripe's webhook meanwhile finds it paid. In the caller's
 * transaction.
 */
export async function recordDepositByHand(
  req: PayloadRequest,
  d: {
    quote: number
    lead: number
    amountCents: number
    method: PaymentMethod
    receivedAt: string
    formKey: string
    by: { id: number } | null
  },
): Promise<HandDepositOutcome> {
  const db = await dbOf(req.payload, req)
  const open = await openDepositOf(req, d.quote, d.lead)
  if (!open) return 'not-open'
  // The same form again (a second tap, another instance): recorded already.
  const twin = (await db.execute(
    sql`SELECT 1 FROM payments WHERE form_key = ${d.formKey}`,
  )) as unknown as Rows<unknown>
  if (twin.rows.length > 0) return 'recorded'
  const { row, state } = open
  if (!state.outstanding) return 'not-owed'
  if (d.amountCents < state.dueCents - state.paidCents) return 'too-small'
  if (d.amountCents > Number(row.total_cents ?? 0) - state.paidCents) return 'too-large'
  const inserted = (await db.execute(sql`
    INSERT INTO payments (quote_id, lead_id, kind, method, amount_cents, received_at, recorded_by_id, form_key, updated_at, created_at)
    VALUES (${d.quote}, ${d.lead}, 'deposit', ${d.method}, ${d.amountCents}, ${d.receivedAt}, ${d.by?.id ?? null}, ${d.formKey}, now(), now())
    ON CONFLICT (form_key) DO NOTHING
    RETURNING id`)) as unknown as Rows<{ id: number }>
  const id = inserted.rows[0]?.id
  if (id == null) return 'recorded'
  await notePayment(req.payload, req, Number(id))
  await acceptForDeposit(req, d.quote, d.lead, {
    text: 'For the customer, with the deposit received',
    by: d.by?.id ?? null,
  })
  await queueSettledDepositSessionsExpiry(req.payload, req, d.quote)
  return 'recorded'
}

export type WaiveOutcome = 'waived' | 'not-open' | 'not-owed'

/**
 * The owner lets the quote go ahead without its deposit: no deposit is asked of it any more,
 * on the customer's page or before a visit; the quote accepted for the customer if it was
 * still waiting. Who and why on the lead's timeline, once. In the caller's transaction.
 */
export async function waiveDeposit(
  req: PayloadRequest,
  d: { quote: number; lead: number; reason: string | null; by: { id: number } | null },
): Promise<WaiveOutcome> {
  const open = await openDepositOf(req, d.quote, d.lead)
  if (!open) return 'not-open'
  if (open.row.deposit_waived_at) return 'waived'
  if (!open.state.outstanding) return 'not-owed'
  const db = await dbOf(req.payload, req)
  const waived = (await db.execute(sql`
    UPDATE quotes SET deposit_waived_at = now(), deposit_waived_by_id = ${d.by?.id ?? null}, updated_at = now()
    WHERE id = ${d.quote} AND deposit_waived_at IS NULL
    RETURNING id`)) as unknown as Rows<{ id: number }>
  if (waived.rows.length !== 1) return 'waived'
  const by = d.by?.id ?? null
  await recordLeadEvent(req.payload, req, { lead: d.lead, kind: 'deposit_waived', text: d.reason, by })
  await acceptForDeposit(req, d.quote, d.lead, { text: 'For the customer, without a deposit', by })
  await queueSettledDepositSessionsExpiry(req.payload, req, d.quote)
  return 'waived'
}

/**
 * The deposit's payment row, once per payment intent (false when it was recorded already), on
 * the lead's timeline, with Stripe's fee to be fetched.
 */
async function insertCardDeposit(
  req: PayloadRequest,
  d: { quote: number | null; lead: number | null; paymentIntent: string; amountCents: number },
): Promise<boolean> {
  const db = await dbOf(req.payload, req)
  const inserted = (await db.execute(sql`
    INSERT INTO payments (quote_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    VALUES (${d.quote}, ${d.lead}, 'deposit', 'card_online', ${d.amountCents}, ${d.paymentIntent}, now(), now(), now())
    ON CONFLICT (stripe_id) DO NOTHING
    RETURNING id`)) as unknown as Rows<{ id: number }>
  const id = inserted.rows[0]?.id
  if (id == null) return false
  await notePayment(req.payload, req, Number(id))
  await req.payload.jobs.queue({ task: 'fetchStripeFee', input: { paymentId: Number(id) }, req })
  // The owner hears of it (a deposit is often the go-ahead to book).
  await req.payload.jobs.queue({ task: 'sendOwnerAlert', input: { kind: 'payment', id: Number(id) }, req })
  return true
}

/**
 * A deposit paid on a page opened before its quote was deleted (expired since, but paid first):
 * the money was taken, so it is recorded, for the books, and flagged on the lead's timeline to
 * be given back, when the lead is still there. Its quote, deleted, is named no more.
 */
async function recordDepositOfDeletedQuote(
  req: PayloadRequest,
  d: { lead?: number | null; paymentIntent: string; amountCents: number },
): Promise<'recorded' | 'ignored'> {
  const db = await dbOf(req.payload, req)
  const found =
    d.lead != null && Number.isSafeInteger(d.lead)
      ? (
          (await db.execute(sql`SELECT id FROM leads WHERE id = ${d.lead}`)) as unknown as Rows<{
            id: number
          }>
        ).rows[0]
      : undefined
  const lead = found ? Number(found.id) : null
  if (
    !(await insertCardDeposit(req, {
      quote: null,
      lead,
      paymentIntent: d.paymentIntent,
      amountCents: d.amountCents,
    }))
  )
    return 'ignored'
  if (lead != null)
    await recordLeadEvent(req.payload, req, {
      lead,
      kind: 'overpaid',
      text: `${formatMoney(d.amountCents)} deposit paid by card on a quote deleted since: refund it in Stripe`,
    })
  return 'recorded'
}

/**
 * Stripe's page for the deposit: the amount from the quote and the settings, never from the
 * request. Two taps (or tabs) of one link get the same session for the same amount. Null when
 * the job was invoiced while Stripe opened it: that session is expired and no deposit is asked.
 */
export async function depositCheckout(
  payload: Payload,
  quote: Pick<Quote, 'id' | 'lead'>,
  link: { token: string; nonce: string },
  dueCents: number,
  customerEmail: string | null,
): Promise<string | null> {
  const page = `${serverUrl()}/quote/${link.token}`
  const lead = relationId(quote.lead)
  const session = await createCheckoutSession({
    amountCents: dueCents,
    description: 'Deposit on your quote',
    customerEmail,
    metadata: { kind: 'deposit', quote: String(quote.id), lead: String(lead) },
    successUrl: `${page}?${DEPOSIT_RETURN_PARAM.name}=${DEPOSIT_RETURN_PARAM.value}`,
    cancelUrl: page,
    // With the sessions closed so far: Stripe would replay an expired one for the same key.
    idempotencyKey: `deposit:${quote.id}:${link.nonce}:${dueCents}:${await closedSessionsOf(payload, { quote: quote.id })}`,
  })
  if (!session.url) throw new Error(`Stripe gave session ${session.id} no address.`)
  const kept = await recordedOrExpired(payload, session.id, () =>
    keepDepositSession(payload, { id: session.id, quote: quote.id, lead, amountCents: dueCents }),
  )
  return kept ? session.url : null
}
