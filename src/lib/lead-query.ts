import type { Where } from 'payload'

import { wallTime, zonedTime } from '@/lib/business-time'
import { isLeadStatus } from '@/lib/lead-status'
import { CHANNEL_SOURCES, DIRECT_SOURCE, SOURCE_MAX } from '@/lib/lead-source'

const SEARCH_FIELDS = ['firstName', 'lastName', 'phone', 'email'] as const

export type LeadOrigin = { promotion?: string; source?: string }

function originWhere({ promotion, source }: LeadOrigin): Where[] {
  const and: Where[] = []
  if (promotion && /^\d{1,15}$/.test(promotion)) and.push({ promotion: { equals: Number(promotion) } })
  // As sourceLabel names them: a texted lead is "Text" (a partner enquiry "Partner enquiry")
  // whatever its campaign fields hold, so every other source leaves those out (not_equals keeps
  // the leads without a channel).
  const channels = Object.entries(CHANNEL_SOURCES)
  const notByChannel: Where[] = channels.map(([channel]) => ({ channel: { not_equals: channel } }))
  if (source === DIRECT_SOURCE) {
    and.push(...notByChannel, { utmSource: { exists: false } }, { referrerHost: { exists: false } })
  } else if (source) {
    const labelled: Where = {
      and: [
        ...notByChannel,
        {
          or: [
            { utmSource: { equals: source } },
            { and: [{ utmSource: { exists: false } }, { referrerHost: { equals: source.toLowerCase() } }] },
          ],
        },
      ],
    }
    const channel = channels.find(([, label]) => label === source)?.[0]
    and.push(channel ? { or: [{ channel: { equals: channel } }, labelled] } : labelled)
  }
  return and
}

// The status filter's choice for the leads closed as lost; every other choice shows open leads.
export const LOST_FILTER = 'lost'

// Every search word must appear in the name, phone or e-mail; the list and the CSV export share this filter.
// The list keeps the leads closed as lost under their own choice; `everyLead` (the export's) puts them
// back under "All statuses", the file a bookkeeper expects.
export function leadsWhere(
  status: string,
  search: string,
  origin: LeadOrigin = {},
  { everyLead = false }: { everyLead?: boolean } = {},
): Where {
  const and: Where[] = []
  if (status === LOST_FILTER) and.push({ lostReason: { exists: true } })
  else if (isLeadStatus(status)) and.push({ status: { equals: status } }, { lostReason: { exists: false } })
  else if (!everyLead) and.push({ lostReason: { exists: false } })
  and.push(...originWhere(origin))
  for (const word of search.trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
    and.push({ or: SEARCH_FIELDS.map((field) => ({ [field]: { contains: word } })) })
  }
  return { and }
}

export const LEADS_PAGE_SIZE = 20

// Carried in the URL so a reload or a shared link shows the same list.
export type LeadFilters = {
  status: string
  q: string
  page: number
  promotion?: string
  source?: string
  chart?: string
}

export function leadFilters(params: Record<string, string | string[] | undefined> | undefined): LeadFilters {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''
  const status = one(params?.status)
  const page = Number.parseInt(one(params?.page), 10)
  const promotion = one(params?.promotion)
  return {
    status: isLeadStatus(status) || status === LOST_FILTER ? status : '',
    q: one(params?.q).slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
    promotion: /^\d{1,15}$/.test(promotion) ? promotion : '',
    source: one(params?.source).trim().slice(0, SOURCE_MAX),
    chart: one(params?.chart) === 'source' ? 'source' : '',
  }
}

export function leadsHref(filters: Partial<LeadFilters>): string {
  const params = new URLSearchParams({ tab: 'leads' })
  if (filters.status) params.set('status', filters.status)
  if (filters.q) params.set('q', filters.q)
  if (filters.promotion) params.set('promotion', filters.promotion)
  if (filters.source) params.set('source', filters.source)
  if (filters.chart) params.set('chart', filters.chart)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  return `?${params.toString()}`
}

// Weeks start Monday 00:00 in the business's time zone; oldest first.
export function recentWeeks(now: Date, count: number, timeZone: string): { start: Date; end: Date }[] {
  const today = wallTime(now, timeZone)
  const back = (today.weekday + 6) % 7
  const weeks: { start: Date; end: Date }[] = []
  for (let i = count - 1; i >= 0; i--) {
    const day = today.day - back - 7 * i
    weeks.push({
      start: zonedTime(timeZone, today.year, today.month, day),
      end: zonedTime(timeZone, today.year, today.month, day + 7),
    })
  }
  return weeks
}

export function leadsExportRequest(status: string, search: string, today: Date, origin: LeadOrigin = {}) {
  return {
    data: {
      collectionSlug: 'leads',
      format: 'csv',
      // The plugin appends '-leads.csv'.
      name: today.toISOString().slice(0, 10),
      sort: '-createdAt',
      // The columns are the server's (LEAD_EXPORT_COLUMNS), whatever a request asks for.
      where: leadsWhere(status, search, origin, { everyLead: true }),
    },
  }
}
