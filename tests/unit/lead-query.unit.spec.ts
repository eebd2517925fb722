import { describe, expect, it } from 'vitest'

import { leadsExportRequest, leadsWhere, recentWeeks, leadFilters, leadsHref } from '@/lib/lead-query'

import { leadsListPath, whereParams } from '../helpers/lead-requests'

const OPEN = { lostReason: { exists: false } }
// Texted leads and partner enquiries are sources of their own, whatever their campaign fields.
const NOT_BY_CHANNEL = [{ channel: { not_equals: 'text' } }, { channel: { not_equals: 'partner' } }]

describe('leadsWhere', () => {
  it('shows open leads only without a status or search', () => {
    expect(leadsWhere('', '   ')).toEqual({ and: [OPEN] })
  })
  it('filters by a known status only, among open leads', () => {
    expect(leadsWhere('quoted', '')).toEqual({ and: [{ status: { equals: 'quoted' } }, OPEN] })
    expect(leadsWhere('archived', '')).toEqual({ and: [OPEN] })
  })
  it('shows the leads closed as lost, whatever their status, under their own filter', () => {
    expect(leadsWhere('lost', '')).toEqual({ and: [{ lostReason: { exists: true } }] })
    expect(leadFilters({ status: 'lost' }).status).toBe('lost')
  })
  it('keeps the leads closed as lost under "All statuses" for every lead, and only there', () => {
    const every = { everyLead: true }
    expect(leadsWhere('', '', {}, every)).toEqual({ and: [] })
    expect(leadsWhere('archived', '', {}, every)).toEqual({ and: [] })
    expect(leadsWhere('quoted', '', {}, every)).toEqual(leadsWhere('quoted', ''))
    expect(leadsWhere('lost', '', {}, every)).toEqual(leadsWhere('lost', ''))
  })
  it('needs every word of the search in the name, phone or e-mail', () => {
    expect(leadsWhere('', ' Maria  Gonzalez ')).toEqual({
      and: [
        OPEN,
        ...['Maria', 'Gonzalez'].map((word) => ({
          or: [
            { firstName: { contains: word } },
            { lastName: { contains: word } },
            { phone: { contains: word } },
            { email: { contains: word } },
          ],
        })),
      ],
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
    expect(url.searchParams.get('where[and][1][lostReason][exists]')).toBe('false')
    expect(url.searchParams.get('where[and][2][or][2][phone][contains]')).toBe('gonzalez')
  })
})

describe('recentWeeks', () => {
  const TZ = 'America/Chicago'
  it('gives consecutive Monday-to-Monday weeks in the business zone, ending with the current one', () => {
    const now = new Date('2026-11-22T21:30:00Z') // Sunday 3:30 PM in Austin
    const weeks = recentWeeks(now, 12, TZ)
    expect(weeks).toHaveLength(12)
    const last = weeks[11]
    // Monday, November 16, 00:00 CST is 06:00 UTC.
    expect(last.start.toISOString()).toBe('2026-11-16T06:00:00.000Z')
    expect(last.end.toISOString()).toBe('2026-11-23T06:00:00.000Z')
    expect(last.start <= now && now < last.end).toBe(true)
    for (let i = 1; i < weeks.length; i++) expect(weeks[i].start.getTime()).toBe(weeks[i - 1].end.getTime())
  })
  it("uses the business's Monday, not the server's", () => {
    // Monday 02:00 UTC is still Sunday evening in Austin.
    const [week] = recentWeeks(new Date('2026-11-23T02:00:00Z'), 1, TZ)
    expect(week.start.toISOString()).toBe('2026-11-16T06:00:00.000Z')
    const [tokyo] = recentWeeks(new Date('2026-11-23T02:00:00Z'), 1, 'Asia/Tokyo')
    expect(tokyo.start.toISOString()).toBe('2026-11-22T15:00:00.000Z')
  })
  it('keeps weeks on local midnight across a DST change', () => {
    const weeks = recentWeeks(new Date('2026-11-04T12:00:00Z'), 2, TZ)
    expect(weeks[0].start.toISOString()).toBe('2026-10-26T05:00:00.000Z') // CDT
    expect(weeks[1].start.toISOString()).toBe('2026-11-02T06:00:00.000Z') // CST
  })
})

describe('leadsWhere by origin', () => {
  it('a promotion by id; a source as utm_source or, without one, the referring site; (direct) as neither', () => {
    expect(leadsWhere('', '', { promotion: '4' })).toEqual({ and: [OPEN, { promotion: { equals: 4 } }] })
    expect(leadsWhere('', '', { promotion: 'abc' })).toEqual({ and: [OPEN] })
    expect(leadsWhere('', '', { source: 'Google.com' })).toEqual({
      and: [
        OPEN,
        {
          and: [
            ...NOT_BY_CHANNEL,
            {
              or: [
                { utmSource: { equals: 'Google.com' } },
                { and: [{ utmSource: { exists: false } }, { referrerHost: { equals: 'google.com' } }] },
              ],
            },
          ],
        },
      ],
    })
    expect(leadsWhere('', '', { source: '(direct)' })).toEqual({
      and: [OPEN, ...NOT_BY_CHANNEL, { utmSource: { exists: false } }, { referrerHost: { exists: false } }],
    })
  })
  it('"Text" as the texted leads, as the chart counts them, and no other source holds them', () => {
    expect(leadsWhere('', '', { source: 'Text' })).toEqual({
      and: [
        OPEN,
        {
          or: [
            { channel: { equals: 'text' } },
            {
              and: [
                ...NOT_BY_CHANNEL,
                {
                  or: [
                    { utmSource: { equals: 'Text' } },
                    { and: [{ utmSource: { exists: false } }, { referrerHost: { equals: 'text' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    })
  })
})

describe('leadsWhere for partner enquiries', () => {
  it('"Partner enquiry" as the leads of the Become a partner form, which no other source holds', () => {
    const where = leadsWhere('', '', { source: 'Partner enquiry' })
    expect(where.and?.[1]).toMatchObject({
      or: [{ channel: { equals: 'partner' } }, { and: [...NOT_BY_CHANNEL, expect.anything()] }],
    })
  })
})

describe('leadFilters and leadsHref', () => {
  it('reads a known status, the search and a sane page from the URL', () => {
    const none = { promotion: '', source: '', chart: '' }
    expect(leadFilters({ status: 'quoted', q: 'maria', page: '3' })).toEqual({
      status: 'quoted',
      q: 'maria',
      page: 3,
      ...none,
    })
    expect(leadFilters({ status: 'archived', page: '-2' })).toEqual({ status: '', q: '', page: 1, ...none })
    expect(leadFilters({ status: ['new', 'quoted'], page: 'x' })).toEqual({
      status: 'new',
      q: '',
      page: 1,
      ...none,
    })
    expect(leadFilters(undefined)).toEqual({ status: '', q: '', page: 1, ...none })
  })
  it('reads a promotion id, a source and the chart split; anything else is dropped', () => {
    expect(leadFilters({ promotion: '12', source: ' flyer ', chart: 'source' })).toMatchObject({
      promotion: '12',
      source: 'flyer',
      chart: 'source',
    })
    expect(leadFilters({ promotion: '1 OR 1=1', source: 'x'.repeat(300), chart: 'pie' })).toMatchObject({
      promotion: '',
      source: 'x'.repeat(100),
      chart: '',
    })
    expect(leadsHref({ promotion: '12', source: 'flyer', chart: 'source' })).toBe(
      '?tab=leads&promotion=12&source=flyer&chart=source',
    )
  })
  it('writes the filters back into the URL', () => {
    expect(leadsHref({ status: 'new', q: 'Maria G', page: 2 })).toBe('?tab=leads&status=new&q=Maria+G&page=2')
  })
})

describe('leadsExportRequest', () => {
  it('exports the filtered leads as CSV, newest first, in the columns the server chooses', () => {
    const { data } = leadsExportRequest('new', 'maria', new Date('2026-11-22T12:00:00Z'))
    expect(data).toEqual({
      collectionSlug: 'leads',
      format: 'csv',
      sort: '-createdAt',
      name: '2026-11-22',
      where: leadsWhere('new', 'maria'),
    })
  })
  it('narrows by promotion and source, and keeps the leads closed as lost under "All statuses"', () => {
    const { data } = leadsExportRequest('', '', new Date(), { promotion: '4', source: 'flyer' })
    expect(data.where).toEqual(leadsWhere('', '', { promotion: '4', source: 'flyer' }, { everyLead: true }))
    expect(JSON.stringify(data.where)).not.toContain('lostReason')
  })
})
