import { describe, expect, it } from 'vitest'

import { leadsExportRequest } from '@/lib/lead-query'

import { seedLead, snapshot } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// The back office's CSV export goes through @payloadcms/plugin-import-export's download
// endpoint, over real HTTP: the file carries the list's filter, order and columns, and
// reads leads with the requester's own access, so nobody but approved staff gets a row.
const h = setupHarness({ http: true })

function parseCsv(text: string): string[][] {
  // Enough for these fixtures: no field holds a comma, a quote or a line break.
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','))
}

describe('leads CSV export', () => {
  it('gives approved staff the filtered leads, newest first, in the working columns', async () => {
    const older = await seedLead(h.payload, { firstName: 'Csvolder', lastName: 'Export', status: 'new' })
    const newer = await seedLead(h.payload, { firstName: 'Csvnewer', lastName: 'Export', status: 'new' })
    await seedLead(h.payload, { firstName: 'Csvcontacted', lastName: 'Export', status: 'contacted' })
    await seedLead(h.payload, { firstName: 'Someone', lastName: 'Else', status: 'new' })

    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('new', 'export', new Date('2026-11-22T10:00:00Z')),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/csv/)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="2026-11-22-leads.csv"')
    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([
      'id',
      'createdAt',
      'status',
      'serviceType',
      'offeredTitle',
      'offeredPriceCents',
      'offeredUnit',
      'firstName',
      'lastName',
      'phone',
      'email',
      'description',
      'promoCode',
      'promoDiscountType',
      'promoDiscountValue',
      'promoMinimumAmount',
      'utmSource',
      'utmMedium',
      'utmCampaign',
      'referrerHost',
      'quoteStatus',
      'quoteTotal',
      'quoteAcceptedAt',
      'lostReason',
      'lostAt',
    ])
    expect(rows.map((r) => r[0])).toEqual([String(newer.id), String(older.id)])
    expect(rows[0].slice(2, 9)).toEqual([
      'new',
      'rim_rash',
      'Rim Rash / Curbed Rim',
      '12500',
      'per rim',
      'Csvnewer',
      'Export',
    ])
    expect(res.text).not.toContain('idempotencyKey')
  })

  it("has the lead's promo code, its offer and the source, narrowed by source; formulas stay text", async () => {
    await seedLead(h.payload, {
      firstName: 'Csvpromo',
      lastName: 'Source',
      promoCode: 'FALL15',
      promoDiscountType: 'percentage',
      promoDiscountValue: 15,
      promoMinimumAmount: 100,
      utmSource: 'flyercsv',
      utmMedium: 'print',
      utmCampaign: '=cmd()',
      referrerHost: 'www.google.com',
    })
    await seedLead(h.payload, { firstName: 'Csvother', lastName: 'Source' })
    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('', 'Source', new Date(), { source: 'flyercsv' }),
    })
    expect(res.status).toBe(200)
    const [header, ...rows] = parseCsv(res.text)
    expect(rows).toHaveLength(1)
    const cell = (name: string) => rows[0][header.indexOf(name)]
    expect([
      cell('firstName'),
      cell('promoCode'),
      cell('promoDiscountType'),
      cell('promoDiscountValue'),
    ]).toEqual(['Csvpromo', 'FALL15', 'percentage', '15'])
    expect([cell('promoMinimumAmount'), cell('utmSource'), cell('utmMedium'), cell('referrerHost')]).toEqual([
      '100',
      'flyercsv',
      'print',
      'www.google.com',
    ])
    expect(cell('utmCampaign')).not.toMatch(/^=/)
  })

  it('exports cells a spreadsheet would run as formulas as plain text', async () => {
    const lead = await seedLead(h.payload, {
      firstName: '=HYPERLINK("https://e.test";"x")',
      lastName: '@SUM(A1)',
      status: 'quoted',
    })
    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('quoted', '', new Date('2026-11-22T10:00:00Z')),
    })
    expect(res.status).toBe(200)
    const row = parseCsv(res.text).find((r) => r[0] === String(lead.id))
    expect(row?.slice(7, 9)).toEqual(['"\'=HYPERLINK(""https://e.test"";""x"")"', "'@SUM(A1)"])
    expect(res.text).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  for (const persona of ['anonymous', 'unapproved'] as const) {
    it(`refuses ${persona === 'anonymous' ? 'a visitor' : 'an unapproved account'} without streaming a row`, async () => {
      await seedLead(h.payload, { firstName: 'Secretcustomer', lastName: 'Private' })
      const res = await h.http.post('/api/exports/download', {
        session: h.sessionOf(persona),
        json: leadsExportRequest('', '', new Date()),
      })
      expect(res.status).toBe(403)
      expect(res.text).not.toContain('Secretcustomer')
    })
  }

  it('keeps the exports collection to approved staff and saves nothing on a download', async () => {
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const list = await h.http.get('/api/exports', { session: h.sessionOf(persona) })
      expect(list.status).toBe(403)
      const imports = await h.http.get('/api/imports', { session: h.sessionOf(persona) })
      expect(imports.status).toBe(403)
    }
    expect((await h.http.get('/api/imports', { session: h.sessionOf('staff') })).status).toBe(403)
    expect((await h.http.get('/api/exports', { session: h.sessionOf('staff') })).status).toBe(200)
    expect(await snapshot(h.payload, 'exports')).toEqual([])
  })
})
