// What has happened on a job, in its order, as short labels beside the lead's status: the
// status stays the spec's four; these say where the money and the visit stand.

import { formatShortWhen, wallTime, zonedTime } from './business-time'
import type { InvoiceStatus } from './invoices'
import { formatMoney } from './money'

export type JobFactsInput = {
  quoteStatus?: string | null
  /** Deposits paid on the lead's quotes, less their refunds. */
  depositCents: number
  /** The lead's visits from the start of today on (any order, cancelled and done ones included). */
  visits: {
    start: string
    cancelledAt?: string | null
    confirmedAt?: string | null
    doneAt?: string | null
  }[]
  /** The lead's invoices (not credit notes), drafts and void ones included. */
  invoices: { status?: InvoiceStatus | null; balanceCents?: number | null }[]
}

export type JobFact = { key: 'accepted' | 'deposit' | 'visit' | 'confirmed' | 'owes' | 'paid'; label: string }

export function jobFacts(input: JobFactsInput, timeZone: string, now = new Date()): JobFact[] {
  const facts: JobFact[] = []
  if (input.quoteStatus === 'accepted') facts.push({ key: 'accepted', label: 'Accepted' })
  if (input.depositCents > 0) facts.push({ key: 'deposit', label: 'Deposit paid' })
  // The next visit still to be made: today's (even begun) or a later one, not done or cancelled.
  const today = wallTime(now, timeZone)
  const startOfToday = zonedTime(timeZone, today.year, today.month, today.day).getTime()
  const next = input.visits
    .filter((v) => !v.cancelledAt && !v.doneAt && Date.parse(v.start) >= startOfToday)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0]
  if (next) {
    facts.push({ key: 'visit', label: `Visit ${formatShortWhen(next.start, timeZone, now)}` })
    if (next.confirmedAt) facts.push({ key: 'confirmed', label: 'Confirmed' })
  }
  // Only sent invoices count: a draft is not owed yet, a void one never.
  const sent = input.invoices.filter(
    (i) => i.status === 'sent' || i.status === 'part_paid' || i.status === 'paid',
  )
  const owed = sent
    .filter((i) => i.status !== 'paid')
    .reduce((sum, i) => sum + Math.max(0, i.balanceCents ?? 0), 0)
  if (owed > 0) facts.push({ key: 'owes', label: `Owes ${formatMoney(owed, 'price')}` })
  else if (sent.some((i) => i.status === 'paid')) facts.push({ key: 'paid', label: 'Paid' })
  return facts
}
