import { describe, expect, it } from 'vitest'

import {
  LEAD_EXPORT_FIELDS,
  leadsExportRequest,
  leadsListPath,
  leadsWhere,
  recentWeeks,
  weekCountPath,
  whereParams,
} from '@/lib/lead-query'

describe('leadsWhere', () => {
  it('is empty without a status or search', () => {
    expect(leadsWhere('', '   ')).toEqual({})
  })
  it('filters by a known status only', () => {
    expect(leadsWhere('quoted', '')).toEqual({ and: [{ status: { equals: 'quoted' } }] })
    expect(leadsWhere('archived', '')).toEqual({})
  })
  it('needs every word of the search in the name, phone or e-mail', () => {
    expect(leadsWhere('', ' Maria  Gonzalez ')).toEqual({
      and: ['Maria', 'Gonzalez'].map((word) => ({
        or: [
          { firstName: { contains: word } },
          { lastName: { contains: word } },
          { phone: { contains: word } },
          { email: { contains: word } },
        ],
      })),
    })
  })
})

describe('whereParams and the list path', () => {
  it('writes nested conditions in the bracket notation of Payload query strings', () => {
    const params = whereParams({
      and: [{ status: { equals: 'new' } }, { or: [{ email: { contains: 'a@b' } }] }],
    })
    expect([...params.entries()]).toEqual([
      ['where[and][0][status][equals]', 'new'],
      ['where[and][1][or][0][email][contains]', 'a@b'],
    ])
  })
  it('asks for one page of 20, newest first, with photos populated', () => {
    const url = new URL(leadsListPath(3, 'contacted', 'gonzalez'), 'http://x')
    expect(url.pathname).toBe('/api/leads')
    expect(url.searchParams.get('sort')).toBe('-createdAt')
    expect(url.searchParams.get('depth')).toBe('1')
    expect(url.searchParams.get('limit')).toBe('20')
    expect(url.searchParams.get('page')).toBe('3')
    expect(url.searchParams.get('where[and][0][status][equals]')).toBe('contacted')
    expect(url.searchParams.get('where[and][1][or][2][phone][contains]')).toBe('gonzalez')
  })
})

describe('recentWeeks', () => {
  it('gives consecutive Monday-to-Monday weeks ending with the current one, oldest first', () => {
    const now = new Date(2026, 10, 22, 15, 30) // a Sunday
    const weeks = recentWeeks(now, 12)
    expect(weeks).toHaveLength(12)
    const last = weeks[11]
    expect(last.start.getDay()).toBe(1)
    expect([
      last.start.getFullYear(),
      last.start.getMonth(),
      last.start.getDate(),
      last.start.getHours(),
    ]).toEqual([2026, 10, 16, 0])
    expect(last.start <= now && now < last.end).toBe(true)
    for (let i = 1; i < weeks.length; i++) expect(weeks[i].start.getTime()).toBe(weeks[i - 1].end.getTime())
  })
  it('counts a Monday as the first day of its own week', () => {
    const monday = new Date(2026, 10, 16, 0, 0)
    expect(recentWeeks(monday, 1)[0].start.getTime()).toBe(monday.getTime())
  })
  it('counts each week through the count endpoint with a half-open range', () => {
    const [week] = recentWeeks(new Date(2026, 10, 22), 1)
    const url = new URL(weekCountPath(week), 'http://x')
    expect(url.pathname).toBe('/api/leads/count')
    expect(url.searchParams.get('where[and][0][createdAt][greater_than_equal]')).toBe(
      week.start.toISOString(),
    )
    expect(url.searchParams.get('where[and][1][createdAt][less_than]')).toBe(week.end.toISOString())
  })
})

describe('leadsExportRequest', () => {
  it('exports the filtered leads as CSV, newest first, with the working columns only', () => {
    const { data } = leadsExportRequest('new', 'maria', new Date('2026-11-22T12:00:00Z'))
    expect(data).toMatchObject({
      collectionSlug: 'leads',
      format: 'csv',
      sort: '-createdAt',
      name: '2026-11-22',
    })
    expect(data.where).toEqual(leadsWhere('new', 'maria'))
    expect(data.fields).toEqual(LEAD_EXPORT_FIELDS)
    expect(data.fields).not.toContain('idempotencyKey')
  })
})
