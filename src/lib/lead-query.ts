import type { Where } from 'payload'

import { isLeadStatus } from './lead-status'

const SEARCH_FIELDS = ['firstName', 'lastName', 'phone', 'email'] as const

// The back office's lead filter: an optional status, and a search where every word
// must appear in the name, phone or e-mail ("Maria Gonzalez" finds Maria Gonzalez).
// The same filter drives the list, the CSV export and the weekly chart.
export function leadsWhere(status: string, search: string): Where {
  const and: Where[] = []
  if (isLeadStatus(status)) and.push({ status: { equals: status } })
  for (const word of search.trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
    and.push({ or: SEARCH_FIELDS.map((field) => ({ [field]: { contains: word } })) })
  }
  return and.length ? { and } : {}
}

// Payload's REST API reads `where` in the bracket notation of its query strings.
export function whereParams(where: Where, prefix = 'where', params = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(where)) {
    const name = `${prefix}[${key}]`
    if (Array.isArray(value)) value.forEach((item, i) => whereParams(item as Where, `${name}[${i}]`, params))
    else if (value !== null && typeof value === 'object') whereParams(value as Where, name, params)
    else if (value !== undefined) params.append(name, String(value))
  }
  return params
}

export const LEADS_PAGE_SIZE = 20

export function leadsListPath(page: number, status: string, search: string): string {
  const params = whereParams(leadsWhere(status, search))
  params.set('sort', '-createdAt')
  params.set('depth', '1')
  params.set('limit', String(LEADS_PAGE_SIZE))
  params.set('page', String(page))
  return `/api/leads?${params.toString()}`
}

// The weeks of the chart: Monday 00:00 (local time) of the current week and the
// `count - 1` weeks before it, oldest first, each with the start of the next week.
export function recentWeeks(now: Date, count: number): { start: Date; end: Date }[] {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7))
  const weeks: { start: Date; end: Date }[] = []
  for (let i = count - 1; i >= 0; i--) {
    const start = new Date(monday)
    start.setDate(monday.getDate() - 7 * i)
    const end = new Date(start)
    end.setDate(start.getDate() + 7)
    weeks.push({ start, end })
  }
  return weeks
}

export function weekCountPath(week: { start: Date; end: Date }): string {
  const where: Where = {
    and: [
      { createdAt: { greater_than_equal: week.start.toISOString() } },
      { createdAt: { less_than: week.end.toISOString() } },
    ],
  }
  return `/api/leads/count?${whereParams(where).toString()}`
}

// The CSV export's request to the import-export plugin: the list's filter and order,
// and the columns the owner works with (no internal keys, photos as their ids).
export const LEAD_EXPORT_FIELDS = [
  'id',
  'createdAt',
  'status',
  'serviceType',
  'firstName',
  'lastName',
  'phone',
  'email',
  'description',
]

export function leadsExportRequest(status: string, search: string, today: Date) {
  return {
    data: {
      collectionSlug: 'leads',
      format: 'csv',
      // The plugin appends '-leads.csv'.
      name: today.toISOString().slice(0, 10),
      sort: '-createdAt',
      fields: LEAD_EXPORT_FIELDS,
      where: leadsWhere(status, search),
    },
  }
}
