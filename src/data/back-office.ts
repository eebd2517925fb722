import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest, TypedUser } from 'payload'

import type { Lead } from '@/payload-types'
import { cache } from 'react'

import { businessTimeZone, formatBusinessDate, wallTime, zonedTime } from '@/lib/business-time'
import { DIRECT_SOURCE, PARTNER_CHANNEL, PARTNER_SOURCE, TEXT_CHANNEL, TEXT_SOURCE } from '@/lib/lead-source'
import { leadsWhere, LEADS_PAGE_SIZE, recentWeeks } from '@/lib/lead-query'
import { dbOf } from '@/server/db'
import { bookingSettings, openSlots } from '@/collections/Visits/bookings'
import { type DepositState, depositStateOf } from '@/payments/deposits'
import { customerLeads } from '@/collections/Leads/eraseLeads'
import { leadEraseContact, parseEraseRequest } from '@/lib/erase-request'
import { publishedOffers } from '@/globals/HomePage/publishedOffers'
import type { LeadFilters } from '@/lib/lead-query'
import { serverUrl } from '@/lib/server-url'
import { toE164 } from '@/lib/text-messages'
import { customerLinkToken } from '@/server/customer-link-token'
import { INVOICE_DUE_DAYS, moneyPeriods } from '@/lib/money'
import type { Quote } from '@/payload-types'
import { type JobFact, jobFacts } from '@/lib/job-facts'
import { relationId } from '@/lib/invoices'

// Read on the server with the signed-in user's own access, so the browser fetches no lists.

export type Reader = { payload: Payload; user: TypedUser | null; req?: Partial<PayloadRequest> }

// Cached: read once per request however many dates a page shows.
export const readTimeZone = cache(async (payload: Payload): Promise<string> => {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { timeZone: true } })
  return businessTimeZone(settings?.timeZone)
})

export function readGalleryItems({ payload, user }: Reader) {
  return payload.find({
    collection: 'gallery-items',
    sort: '-createdAt',
    depth: 1,
    limit: 200,
    overrideAccess: false,
    user,
  })
}

export function readPromotions({ payload, user }: Reader) {
  return payload.find({
    collection: 'promotions',
    sort: '-createdAt',
    depth: 0,
    limit: 200,
    overrideAccess: false,
    user,
  })
}

export function readLeads({ payload, user }: Reader, filters: LeadFilters) {
  return payload.find({
    collection: 'leads',
    where: leadsWhere(filters.status, filters.q, filters),
    sort: '-createdAt',
    depth: 1,
    limit: LEADS_PAGE_SIZE,
    page: filters.page,
    overrideAccess: false,
    user,
  })
}

export async function readLead({ payload, user }: Reader, id: string) {
  if (!/^\d{1,15}$/.test(id)) return null
  const found = await payload.find({
    collection: 'leads',
    where: { id: { equals: Number(id) } },
    depth: 1,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return found.docs[0] ?? null
}

// What has happened on each of these leads' jobs (src/lib/job-facts.ts), by lead id. Three
// queries for the whole page of cards, whatever its length: the visits from today on, the
// invoices, the deposits and their refunds; each with the signed-in user's own access.
export async function readJobFacts(
  { payload, user }: Reader,
  leads: Pick<Lead, 'id' | 'quoteStatus'>[],
  timeZone: string,
  now = new Date(),
): Promise<Map<number, JobFact[]>> {
  const facts = new Map<number, JobFact[]>()
  if (!leads.length) return facts
  const ids = leads.map((l) => l.id)
  const today = wallTime(now, timeZone)
  const [visits, invoices, deposits] = await Promise.all([
    payload.find({
      collection: 'visits',
      where: {
        and: [
          { lead: { in: ids } },
          {
            start: {
              greater_than_equal: zonedTime(timeZone, today.year, today.month, today.day).toISOString(),
            },
          },
        ],
      },
      select: { lead: true, start: true, cancelledAt: true, confirmedAt: true, doneAt: true },
      depth: 0,
      pagination: false,
      overrideAccess: false,
      user,
    }),
    payload.find({
      collection: 'invoices',
      where: { and: [{ lead: { in: ids } }, { kind: { equals: 'invoice' } }] },
      select: { lead: true, status: true, balanceCents: true },
      depth: 0,
      pagination: false,
      overrideAccess: false,
      user,
    }),
    // A deposit is paid on the quote before any invoice; its refund carries no invoice either.
    payload.find({
      collection: 'payments',
      where: {
        and: [{ lead: { in: ids } }, { kind: { in: ['deposit', 'refund'] } }, { invoice: { exists: false } }],
      },
      select: { lead: true, kind: true, amountCents: true },
      depth: 0,
      pagination: false,
      overrideAccess: false,
      user,
    }),
  ])
  const of = <T extends { lead?: unknown }>(docs: T[], id: number) =>
    docs.filter((d) => relationId(d.lead) === id)
  for (const lead of leads) {
    const depositCents = of(deposits.docs, lead.id).reduce(
      (sum, p) => sum + (p.kind === 'refund' ? -p.amountCents : p.amountCents),
      0,
    )
    facts.set(
      lead.id,
      jobFacts(
        {
          quoteStatus: lead.quoteStatus,
          depositCents,
          visits: of(visits.docs, lead.id),
          invoices: of(invoices.docs, lead.id),
        },
        timeZone,
        now,
      ),
    )
  }
  return facts
}

// `count` is the week's open leads; those closed as lost are counted apart.
export type WeekCount = { label: string; count: number; lost: number; bySource: Record<string, number> }

export async function promotionChoices({ payload, user }: Reader) {
  const { docs } = await payload.find({
    collection: 'promotions',
    sort: '-createdAt',
    select: { title: true, discountCode: true },
    depth: 0,
    limit: 200,
    overrideAccess: false,
    user,
  })
  return docs.map((p) => ({ id: p.id, label: p.discountCode ? `${p.title} (${p.discountCode})` : p.title }))
}

// Summed in SQL per business-zone week, lost or not and source: a busy season is thousands
// of leads, and reading each one through Payload cost the leads tab 0.7 s at 2 000. Leads'
// read access is a yes or no for the whole collection, asked first through Payload's count.
export async function leadsPerWeek(
  { payload, user }: Reader,
  timeZone: string,
  now = new Date(),
  weeks = 12,
): Promise<WeekCount[]> {
  const ranges = recentWeeks(now, weeks, timeZone)
  const from = ranges[0].start.toISOString()
  const until = ranges[ranges.length - 1].end.toISOString()
  const result = ranges.map((week) => ({
    label: formatBusinessDate(week.start, timeZone, { time: false }).replace(/, \d{4}$/, ''),
    count: 0,
    lost: 0,
    bySource: {} as Record<string, number>,
  }))
  const { totalDocs } = await payload.count({
    collection: 'leads',
    where: { and: [{ createdAt: { greater_than_equal: from } }, { createdAt: { less_than: until } }] },
    overrideAccess: false,
    user,
  })
  if (!totalDocs) return result
  // Weeks follow one another, so their starts and the last end are width_bucket's bounds.
  const bounds = [...ranges.map((w) => w.start.toISOString()), until]
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    SELECT width_bucket(created_at, ARRAY[${sql.join(
      bounds.map((b) => sql`${b}::timestamptz`),
      sql`, `,
    )}]) AS week,
      lost_reason IS NOT NULL AS lost,
      -- sourceLabel's order: a texted lead is "Text", a partner enquiry "Partner enquiry", then
      -- the campaign, the referrer, (direct).
      CASE WHEN channel = ${TEXT_CHANNEL} THEN ${TEXT_SOURCE}
        WHEN channel = ${PARTNER_CHANNEL} THEN ${PARTNER_SOURCE}
        ELSE coalesce(nullif(utm_source, ''), nullif(referrer_host, ''), ${DIRECT_SOURCE}) END AS source,
      count(*)::int AS n
    FROM leads WHERE created_at >= ${from}::timestamptz AND created_at < ${until}::timestamptz
    GROUP BY 1, 2, 3`)) as unknown as { rows: { week: number; lost: boolean; source: string; n: number }[] }
  for (const row of rows) {
    const week = result[Number(row.week) - 1]
    if (!week) continue
    if (row.lost) week.lost += row.n
    else {
      week.count += row.n
      week.bySource[row.source] = (week.bySource[row.source] ?? 0) + row.n
    }
  }
  return result
}

type ScheduleInput = { type?: string; doc?: { relationTo?: string; value?: unknown } }

// When each draft promotion is due to be published by the job queue (the earliest, if several).
export async function scheduledPublishes(payload: Reader['payload']): Promise<Record<string, string>> {
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: { and: [{ taskSlug: { equals: 'schedulePublish' } }, { completedAt: { exists: false } }] },
    sort: 'waitUntil',
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  const due: Record<string, string> = {}
  for (const job of docs) {
    const input = job.input as ScheduleInput | null
    if (input?.type === 'unpublish' || input?.doc?.relationTo !== 'promotions' || !job.waitUntil) continue
    due[String(input.doc.value)] ??= job.waitUntil
  }
  return due
}

// The lead's latest quote, with the signed-in user's own access.
export async function readLatestQuote({ payload, user }: Reader, leadId: number) {
  const { docs } = await payload.find({
    collection: 'quotes',
    where: { lead: { equals: leadId } },
    sort: '-createdAt',
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs[0] ?? null
}

// What the deposit of the lead's quote asks and has had, while the customer can still go ahead
// with it (sent, or accepted); null otherwise.
export async function readQuoteDeposit({ payload }: Reader, quote: Quote): Promise<DepositState | null> {
  if (quote.status !== 'sent' && quote.status !== 'accepted') return null
  return depositStateOf(payload, undefined, quote)
}

// The lead's timeline, newest first, with the signed-in user's own access.
export async function readLeadEvents({ payload, user }: Reader, leadId: number) {
  const { docs } = await payload.find({
    collection: 'lead-events',
    where: { lead: { equals: leadId } },
    // Two entries written in one instant (a status step and the next) in the order they were.
    sort: ['-createdAt', '-id'],
    depth: 1,
    limit: 200,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs
}

// The lead's texts with the customer, in and out, newest first, with the signed-in user's own
// access. The business's alerts about it are on its timeline as events (sendTextOnce).
export async function readLeadTexts({ payload, user }: Reader, leadId: number) {
  const { docs } = await payload.find({
    collection: 'text-messages',
    where: { lead: { equals: leadId }, toBusiness: { not_equals: true } },
    select: {
      direction: true,
      body: true,
      status: true,
      errorCode: true,
      errorMessage: true,
      mediaCount: true,
      createdAt: true,
      sentBy: true,
      consentBasis: true,
    },
    // The sender's address, as the timeline's events name theirs.
    populate: { users: { email: true } },
    sort: '-createdAt',
    depth: 1,
    limit: 200,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs
}

// Whether the customer texted the business on this lead, as staff can see it.
export async function readTextedIn({ payload, user }: Reader, leadId: number) {
  const { totalDocs } = await payload.count({
    collection: 'text-messages',
    where: { lead: { equals: leadId }, direction: { equals: 'in' } },
    overrideAccess: false,
    user,
  })
  return totalDocs > 0
}

// Whether the number texted STOP, as staff can see it; null when it is not a number to text.
export async function readTextOptOut({ payload, user }: Reader, phone: string) {
  const to = toE164(phone)
  if (!to) return null
  const { totalDocs } = await payload.count({
    collection: 'text-opt-outs',
    where: { phone: { equals: to } },
    overrideAccess: false,
    user,
  })
  return totalDocs > 0
}

// The customer's link to this quote (as its e-mail gives it), once sent. The link is not
// readable through the API (tokenNonce): the caller has read the quote with its own access.
export async function readQuoteLink({ payload }: Reader, quote: { id: number; status?: string | null }) {
  if (!quote.status || quote.status === 'draft') return null
  const { tokenNonce } = await payload.findByID({
    collection: 'quotes',
    id: quote.id,
    select: { tokenNonce: true },
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  return tokenNonce ? `${serverUrl()}/quote/${customerLinkToken(payload.secret, tokenNonce)}` : null
}

// Visits not cancelled from the start of today (the business's day) on, soonest first, each
// saying whether the customer confirmed it (a C to the reminder), as the lead's visit does.
export async function readUpcomingVisits({ payload, user }: Reader, timeZone: string, now = new Date()) {
  const today = wallTime(now, timeZone)
  const { docs } = await payload.find({
    collection: 'visits',
    where: {
      and: [
        { cancelledAt: { exists: false } },
        {
          start: {
            greater_than_equal: zonedTime(timeZone, today.year, today.month, today.day).toISOString(),
          },
        },
      ],
    },
    sort: 'start',
    depth: 1,
    limit: 30,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs.map((visit) => ({ ...visit, confirmed: Boolean(visit.confirmedAt) }))
}

export async function readLiveVisit({ payload, user }: Reader, leadId: number) {
  const { docs } = await payload.find({
    collection: 'visits',
    where: { and: [{ lead: { equals: leadId } }, { cancelledAt: { exists: false } }] },
    sort: '-start',
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs[0] ?? null
}

// The offers a quote is priced from, as the published home page shows them.
export function readPublishedOffers({ payload }: Reader) {
  return publishedOffers(payload)
}

// The places a visit can still be booked in, and the trip fee the booking adds.
export function readOpenSlots({ payload }: Reader) {
  return openSlots(payload)
}

export async function readTripFee({ payload }: Reader) {
  return (await bookingSettings(payload)).tripFee
}

// The leads an erasure of this customer would take (their e-mail, their phone's digits or E.164),
// matched in SQL as the erase endpoint matches them, then read with the user's own access.
export async function readCustomerLeads({ payload, user }: Reader, lead: { email: string; phone: string }) {
  const matched = await customerLeads(await dbOf(payload), parseEraseRequest(leadEraseContact(lead)))
  if (!matched.length) return []
  const { docs } = await payload.find({
    collection: 'leads',
    where: { id: { in: matched.map((l) => l.id) } },
    select: { firstName: true, lastName: true, createdAt: true },
    sort: 'createdAt',
    depth: 0,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return docs.map((l) => ({ id: l.id, name: `${l.firstName} ${l.lastName}`, createdAt: l.createdAt }))
}

// A due date is a calendar day: the portal sends "YYYY-MM-DD", stored as that day's UTC midnight.
const dayAfter = (day: { year: number; month: number; day: number }) =>
  new Date(Date.UTC(day.year, day.month - 1, day.day + 1)).toISOString()

export type ScheduledWorkOrder = {
  id: number
  dealership: string
  poNumber: string | null
  roNumber: string | null
  dueDate: string | null
  status: string
  cars: number
  carsDone: number
}

// The most open work orders the Lead Management tab draws; past it, a link to the list.
export const OPEN_WORK_ORDERS_SHOWN = 200

export type OpenWorkOrders = {
  // Due today (the business's day) or before, or undated: the van's day, by dealership name.
  today: { dealership: string; workOrders: ScheduledWorkOrder[] }[]
  // Due after today, the soonest first, so a new order due next week is seen now.
  later: ScheduledWorkOrder[]
  // More open orders than shown.
  more: boolean
}

// Every open work order (not every car done), in one query: today's and the late or undated
// ones by dealership, the oldest due first; then the ones due later, by due date.
export async function readOpenWorkOrders(
  { payload, user }: Reader,
  timeZone: string,
  now = new Date(),
): Promise<OpenWorkOrders> {
  const { docs } = await payload.find({
    collection: 'work-orders',
    where: { status: { not_equals: 'done' } },
    select: {
      dealership: true,
      poNumber: true,
      roNumber: true,
      dueDate: true,
      status: true,
      vehicles: { status: true },
    },
    populate: { dealerships: { name: true } },
    // Ascending, PostgreSQL puts the undated last.
    sort: ['dueDate', 'createdAt'],
    depth: 1,
    limit: OPEN_WORK_ORDERS_SHOWN + 1,
    pagination: false,
    overrideAccess: false,
    user,
  })
  const tomorrow = Date.parse(dayAfter(wallTime(now, timeZone)))
  const byDealership = new Map<string, ScheduledWorkOrder[]>()
  const later: ScheduledWorkOrder[] = []
  for (const order of docs.slice(0, OPEN_WORK_ORDERS_SHOWN)) {
    const dealership = typeof order.dealership === 'object' && order.dealership ? order.dealership.name : '—'
    const cars = order.vehicles ?? []
    const row: ScheduledWorkOrder = {
      id: order.id,
      dealership,
      poNumber: order.poNumber ?? null,
      roNumber: order.roNumber ?? null,
      dueDate: order.dueDate ?? null,
      status: order.status,
      cars: cars.length,
      carsDone: cars.filter((c) => c.status === 'done').length,
    }
    if (row.dueDate && Date.parse(row.dueDate) >= tomorrow) {
      later.push(row)
      continue
    }
    byDealership.set(dealership, [...(byDealership.get(dealership) ?? []), row])
  }
  const today = [...byDealership.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dealership, workOrders]) => ({ dealership, workOrders }))
  return { today, later, more: docs.length > OPEN_WORK_ORDERS_SHOWN }
}

// One work order, its cars' photos with it, for the technician's page.
export async function readWorkOrderForTechnician({ payload, user }: Reader, id: string) {
  if (!/^\d{1,15}$/.test(id)) return null
  return payload.findByID({
    collection: 'work-orders',
    id: Number(id),
    depth: 1,
    overrideAccess: false,
    user,
    disableErrors: true,
  })
}

// The lead's invoices and credit notes, drafts included, newest first, with the signed-in user's
// own access; a sent invoice still owed carries its pay link (for the QR code at the van).
export async function readLeadInvoices({ payload, user }: Reader, leadId: number) {
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { lead: { equals: leadId } },
    select: {
      kind: true,
      corrects: true,
      number: true,
      status: true,
      lines: true,
      discountCents: true,
      note: true,
      totalCents: true,
      depositCents: true,
      creditedCents: true,
      balanceCents: true,
      sentAt: true,
      updatedAt: true,
    },
    sort: '-createdAt',
    depth: 0,
    limit: 50,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return Promise.all(
    docs.map(async (invoice) => ({
      ...invoice,
      payLink:
        invoice.kind === 'invoice' && invoice.status !== 'draft' && (invoice.balanceCents ?? 0) > 0
          ? await payLinkOf(payload, invoice.id)
          : null,
    })),
  )
}

async function payLinkOf(payload: Payload, invoice: number): Promise<string | null> {
  const { tokenNonce } = await payload.findByID({
    collection: 'invoices',
    id: invoice,
    select: { tokenNonce: true },
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  return tokenNonce ? `${serverUrl()}/pay/${customerLinkToken(payload.secret, tokenNonce, 'pay')}` : null
}

export type OverdueInvoice = {
  id: number
  number: string
  customer: string | null
  lead: number | null
  balanceCents: number
  sentAt: string
}

export type MoneyAtAGlance = {
  unpaid: { count: number; cents: number }
  overdue: { count: number; cents: number; oldest: OverdueInvoice[] }
  paidThisWeekCents: number
  paidThisMonthCents: number
  /** The first and last day of the payments CSV's link: this month so far. */
  csv: { from: string; to: string }
}

const OVERDUE_LISTED = 5

// The owner's money at a glance, summed in SQL in the business's days (src/lib/money.ts):
// sent invoices not paid in full, those past the due rule, and payments less refunds received
// this week and this month. Access to invoices and payments is asked first through Payload.
export async function readMoneyAtAGlance(
  { payload, user }: Reader,
  timeZone: string,
  now = new Date(),
): Promise<MoneyAtAGlance> {
  await Promise.all([
    payload.count({ collection: 'invoices', overrideAccess: false, user }),
    payload.count({ collection: 'payments', overrideAccess: false, user }),
  ])
  const p = moneyPeriods(now, timeZone)
  const db = await dbOf(payload)
  // Due by the end of the day INVOICE_DUE_DAYS after the day it was sent; overdue after that.
  const overdue = sql`(i.sent_at AT TIME ZONE ${timeZone})::date + ${INVOICE_DUE_DAYS}::int < ${p.today}::date`
  const open = sql`i.kind = 'invoice' AND i.status IN ('sent', 'part_paid')`
  const week = sql`${p.weekStart.toISOString()}::timestamptz`
  const month = sql`${p.monthStart.toISOString()}::timestamptz`
  const [totals, oldest, paid] = (await Promise.all([
    db.execute(sql`
      SELECT count(*)::int AS unpaid, coalesce(sum(i.balance_cents), 0)::bigint AS unpaid_cents,
        count(*) FILTER (WHERE ${overdue})::int AS overdue,
        coalesce(sum(i.balance_cents) FILTER (WHERE ${overdue}), 0)::bigint AS overdue_cents
      FROM invoices i WHERE ${open}`),
    db.execute(sql`
      SELECT i.id, i.number, i.customer_name, i.lead_id, i.balance_cents, i.sent_at
      FROM invoices i WHERE ${open} AND ${overdue}
      ORDER BY i.sent_at, i.id LIMIT ${OVERDUE_LISTED}`),
    // A week can begin in the month before.
    db.execute(sql`
      SELECT
        coalesce(sum(CASE WHEN kind = 'refund' THEN -amount_cents ELSE amount_cents END)
          FILTER (WHERE received_at >= ${week}), 0)::bigint AS week,
        coalesce(sum(CASE WHEN kind = 'refund' THEN -amount_cents ELSE amount_cents END)
          FILTER (WHERE received_at >= ${month}), 0)::bigint AS month
      FROM payments
      WHERE received_at >= least(${week}, ${month}) AND received_at < ${p.end.toISOString()}::timestamptz`),
  ])) as unknown as { rows: Record<string, string | number | null>[] }[]
  const t = totals.rows[0]
  return {
    unpaid: { count: Number(t.unpaid), cents: Number(t.unpaid_cents) },
    overdue: {
      count: Number(t.overdue),
      cents: Number(t.overdue_cents),
      oldest: oldest.rows.map((r) => ({
        id: Number(r.id),
        number: String(r.number),
        customer: r.customer_name == null ? null : String(r.customer_name),
        lead: r.lead_id == null ? null : Number(r.lead_id),
        balanceCents: Number(r.balance_cents),
        sentAt: new Date(String(r.sent_at)).toISOString(),
      })),
    },
    paidThisWeekCents: Number(paid.rows[0].week),
    paidThisMonthCents: Number(paid.rows[0].month),
    csv: { from: p.monthFirstDay, to: p.today },
  }
}
