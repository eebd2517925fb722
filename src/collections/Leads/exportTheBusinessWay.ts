import type { ExportBeforeHook } from '@payloadcms/plugin-import-export/types'
import type { PayloadRequest } from 'payload'

import type { Lead } from '@/payload-types'
import { businessTimeZone, spreadsheetDate } from '@/lib/business-time'
import { offeredTitle } from '@/lib/home-content'
import { LOST_REASON_LABELS } from '@/lib/lead-events'
import { sourceLabel } from '@/lib/lead-source'
import { LEAD_STATUS_LABELS } from '@/lib/lead-status'
import { formatMoney } from '@/lib/money'
import { QUOTE_STATUS_LABELS } from '@/lib/quote-status'
import { leadVisit, VISIT_STATUS_LABELS, visitStatus, type VisitTimes } from '@/lib/visit-status'

type Cell = string | number | null | undefined
type LeadRow = { lead: Lead; visit: VisitTimes | null; timeZone: string; now: Date }
type Column = { header: string; fields: (keyof Lead)[]; cell: (row: LeadRow) => Cell }

// Dollars with their cents and no sign or separator, as a spreadsheet sums them.
function dollars(value: unknown, per = 1): string | null {
  return typeof value === 'number' && Number.isFinite(value)
    ? formatMoney(Math.round((value * 100) / per), 'sheet')
    : null
}

const text = (header: string, field: keyof Lead): Column => ({
  header,
  fields: [field],
  cell: ({ lead }) => lead[field] as Cell,
})
// The business's wall time, which a spreadsheet reads as a date.
const date = (header: string, field: keyof Lead): Column => ({
  header,
  fields: [field],
  cell: ({ lead, timeZone }) => spreadsheetDate(lead[field], timeZone) as Cell,
})
const usd = (header: string, field: keyof Lead, { cents = false } = {}): Column => ({
  header,
  fields: [field],
  cell: ({ lead }) => dollars(lead[field], cents ? 100 : 1),
})
// The words the back office shows for a stored code.
const labelled = (header: string, field: keyof Lead, labels: Record<string, string>): Column => ({
  header,
  fields: [field],
  cell: ({ lead }) => {
    const code = lead[field]
    return typeof code === 'string' ? (Object.hasOwn(labels, code) ? labels[code] : code) : null
  },
})
const promoDiscount = (type: 'percentage' | 'fixed_amount', header: string): Column => ({
  header,
  fields: ['promoDiscountType', 'promoDiscountValue'],
  cell: ({ lead }) =>
    lead.promoDiscountType !== type
      ? null
      : type === 'fixed_amount'
        ? dollars(lead.promoDiscountValue)
        : lead.promoDiscountValue,
})

// The CSV's columns, in order: one line each. Money is in dollars (headers say USD), codes are
// the back office's words, dates the business's wall time.
export const LEAD_EXPORT_COLUMNS: Column[] = [
  text('Lead ID', 'id'),
  date('Received', 'createdAt'),
  labelled('Status', 'status', LEAD_STATUS_LABELS),
  labelled('Closed as lost', 'lostReason', LOST_REASON_LABELS),
  date('Closed on', 'lostAt'),
  text('First name', 'firstName'),
  text('Last name', 'lastName'),
  text('Phone', 'phone'),
  text('E-mail', 'email'),
  // A partner enquiry's, as the "Become a partner" form sent them; empty for any other lead.
  text('Dealership', 'dealershipName'),
  text('Cars a month', 'carsPerMonth'),
  text('Street address', 'address'),
  text('ZIP code', 'zip'),
  text('Vehicle', 'vehicle'),
  text('Wheel size', 'wheelSize'),
  { header: 'Service', fields: ['serviceType', 'offeredTitle'], cell: ({ lead }) => offeredTitle(lead) },
  usd('Price as offered (USD)', 'offeredPriceCents', { cents: true }),
  text('Price unit', 'offeredUnit'),
  text('Description', 'description'),
  text('Promo code', 'promoCode'),
  promoDiscount('percentage', 'Promo discount (%)'),
  promoDiscount('fixed_amount', 'Promo discount (USD)'),
  usd('Promo minimum order (USD)', 'promoMinimumAmount'),
  {
    header: 'Source',
    // The channel too: sourceLabel names a texted lead "Text" whatever its campaign fields hold.
    fields: ['channel', 'utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'],
    cell: ({ lead }) => sourceLabel(lead),
  },
  labelled('Quote', 'quoteStatus', QUOTE_STATUS_LABELS),
  usd('Quote total (USD)', 'quoteTotal'),
  date('Quote accepted', 'quoteAcceptedAt'),
  {
    header: 'Visit',
    fields: [],
    cell: ({ visit, timeZone }) => (visit ? (spreadsheetDate(visit.start, timeZone) as Cell) : null),
  },
  {
    header: 'Visit status',
    fields: [],
    cell: ({ visit, now }) => (visit ? VISIT_STATUS_LABELS[visitStatus(visit, now)] : null),
  },
]

// What the export reads of each lead: nothing staff-only beyond the columns (no keys, no photos).
export const LEAD_EXPORT_FIELDS: string[] = [...new Set(LEAD_EXPORT_COLUMNS.flatMap((c) => c.fields))]

// Each lead's visit (one query per batch), read with the requester's own access.
async function visitsOf(req: PayloadRequest, leadIds: number[]): Promise<Map<number, VisitTimes>> {
  if (leadIds.length === 0) return new Map()
  const { docs } = await req.payload.find({
    collection: 'visits',
    where: { lead: { in: leadIds } },
    select: { lead: true, start: true, cancelledAt: true },
    depth: 0,
    pagination: false,
    overrideAccess: false,
    req,
  })
  const byLead = new Map<number, VisitTimes[]>()
  for (const visit of docs) {
    const lead = typeof visit.lead === 'object' ? visit.lead.id : visit.lead
    byLead.set(lead, [...(byLead.get(lead) ?? []), visit])
  }
  return new Map([...byLead].map(([lead, visits]) => [lead, leadVisit(visits)!]))
}

// The plugin's rows are replaced by the owner's columns, built from the leads it read.
export const exportTheBusinessWay: ExportBeforeHook = async ({ originalData, req }) => {
  const leads = originalData as unknown as Lead[]
  const settings = await req.payload.findGlobal({
    slug: 'site-settings',
    depth: 0,
    select: { timeZone: true },
    req,
  })
  const visits = await visitsOf(
    req,
    leads.map((lead) => lead.id),
  )
  const timeZone = businessTimeZone(settings?.timeZone)
  const now = new Date()
  return leads.map((lead) => {
    const row: LeadRow = { lead, visit: visits.get(lead.id) ?? null, timeZone, now }
    return Object.fromEntries(LEAD_EXPORT_COLUMNS.map((column) => [column.header, column.cell(row) ?? '']))
  })
}
