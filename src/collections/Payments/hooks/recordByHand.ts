import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import type { Payment } from '@/payload-types'
import { businessTimeZone, zonedTime } from '@/lib/business-time'
import { isCalendarDate, isCalendarDay } from '@/lib/calendar-day'
import { businessDay } from '@/lib/statements'
import { HAND_METHODS, MAX_PAYMENT_CENTS, balanceCents, relationId } from '@/lib/invoices'
import { lockInvoice, settleInvoice } from '@/payments/settle'

import { notePayment } from '@/payments/recordPayment'
import { formatMoney } from '@/lib/money'

const refuse = (message: string, path: string): never => {
  throw new ValidationError({ collection: 'payments', errors: [{ message, path }] })
}

// A payment recorded by hand was received today or lately: a quarter back covers a check
// found in the van or a week's catch-up, and nothing is received tomorrow. Days are the
// business's (the books and the CSV export read them so).
export const HAND_PAYMENT_DAYS_BACK = 90
export const RECEIVED_DAY_REFUSED = `The payment date is today or one of the last ${HAND_PAYMENT_DAYS_BACK} days.`

async function checkReceivedDay(req: PayloadRequest, receivedAt: unknown): Promise<void> {
  const value = receivedAt instanceof Date ? receivedAt.toISOString() : receivedAt
  const at = typeof value === 'string' && isCalendarDate(value) ? Date.parse(value) : NaN
  if (Number.isNaN(at)) refuse(RECEIVED_DAY_REFUSED, 'receivedAt')
  const zone = await zoneOf(req)
  if (!handPaymentDayAllowed(businessDay(new Date(at).toISOString(), zone), zone))
    refuse(RECEIVED_DAY_REFUSED, 'receivedAt')
}

async function zoneOf(req: PayloadRequest): Promise<string> {
  const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  return businessTimeZone(settings.timeZone)
}

/** A business day (YYYY-MM-DD) a hand payment may say it was received on. */
export function handPaymentDayAllowed(day: string, zone: string): boolean {
  const today = businessDay(new Date().toISOString(), zone)
  const earliest = new Date(Date.parse(`${today}T12:00:00Z`) - HAND_PAYMENT_DAYS_BACK * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return day >= earliest && day <= today
}

/**
 * When a hand payment typed as received on this business day (YYYY-MM-DD) was received: now
 * for today, midday of an earlier one; null for a day outside the rule (or no day at all).
 */
export async function handPaymentReceivedAt(req: PayloadRequest, day: string): Promise<string | null> {
  if (!isCalendarDay(day)) return null
  const zone = await zoneOf(req)
  if (!handPaymentDayAllowed(day, zone)) return null
  if (day === businessDay(new Date().toISOString(), zone)) return new Date().toISOString()
  const [year, month, date] = day.split('-').map(Number)
  return zonedTime(zone, year, month, date, 12).toISOString()
}

// Staff record what the customer handed over (cash, check, Zelle, a card reader) against a
// sent invoice, never more than it still owes. The invoice is locked first, so two phones
// recording at once cannot both take the last dollar. Stripe's payments come from its
// webhook only (recordPayment.ts).
export const recordByHand: CollectionBeforeChangeHook<Payment> = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  if (!(HAND_METHODS as readonly string[]).includes(data.method ?? ''))
    refuse('Card payments made online are recorded from Stripe; choose how the customer paid.', 'method')
  if (data.receivedAt != null) await checkReceivedDay(req, data.receivedAt)
  const amount = data.amountCents
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_PAYMENT_CENTS)
    refuse('The amount is a whole number of cents, more than zero.', 'amountCents')
  const invoiceId = relationId(data.invoice)
  const invoice = invoiceId ? await lockInvoice(req.payload, req, invoiceId) : null
  if (!invoice || invoice.kind !== 'invoice')
    return refuse('Choose the invoice this payment is for.', 'invoice')
  if (invoice.status === 'draft') refuse('Send the invoice before recording a payment on it.', 'invoice')
  if (invoice.status === 'void') refuse('This invoice was credited in full.', 'invoice')
  const doc = await req.payload.findByID({
    collection: 'invoices',
    id: invoiceId!,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const owed = balanceCents({
    totalCents: doc.totalCents ?? 0,
    depositCents: doc.depositCents ?? 0,
    creditedCents: doc.creditedCents ?? 0,
    paidCents: doc.paidCents ?? 0,
  })
  if (owed <= 0) refuse('This invoice is paid in full.', 'invoice')
  if (amount! > owed) refuse(`The amount is more than the ${formatMoney(owed)} still owed.`, 'amountCents')
  const lead = relationId(doc.lead)
  if (data.lead != null && relationId(data.lead) !== lead) refuse('This invoice is for another lead.', 'lead')
  return {
    ...data,
    lead,
    kind: 'payment',
    recordedBy: req.user?.collection === 'users' ? req.user.id : null,
    receivedAt: data.receivedAt ?? new Date().toISOString(),
  }
}

export const settleAfterHandPayment: CollectionAfterChangeHook<Payment> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  const invoice = relationId(doc.invoice)
  if (invoice) await settleInvoice(req.payload, req, invoice)
  await notePayment(req.payload, req, doc.id)
  await req.payload.jobs.queue({ task: 'sendPaymentReceipt', input: { paymentId: doc.id }, req })
  return doc
}
