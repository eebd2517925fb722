import { describe, expect, it } from 'vitest'

import { leadsExportRequest } from '@/lib/lead-query'

import { seedLead, snapshot } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// The back office's CSV export goes through @payloadcms/plugin-import-export's download
// endpoint, over real HTTP: the file carries the list's filter, order and columns, and
// reads leads with the requester's own access, so nobody but approved staff gets a row.
const h = setupHarness({ http: true })

// RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[++i]
      else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      rows.at(-1)!.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      rows.at(-1)!.push(cell)
      cell = ''
      rows.push([])
    } else cell += c
  }
  rows.at(-1)!.push(cell)
  return rows.filter((row) => row.length > 1 || row[0] !== '')
}

// Each row as its cells by column name, so a test says what a lead's row holds, not where.
function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text)
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])))
}

const download = (json: unknown) =>
  h.http.post('/api/exports/download', { session: h.sessionOf('staff'), json })

describe('leads CSV export', () => {
  it('gives approved staff the filtered leads, newest first, as a dated CSV file', async () => {
    const older = await seedLead(h.payload, { firstName: 'Csvolder', lastName: 'Export', status: 'new' })
    const newer = await seedLead(h.payload, { firstName: 'Csvnewer', lastName: 'Export', status: 'new' })
    await seedLead(h.payload, { firstName: 'Csvcontacted', lastName: 'Export', status: 'contacted' })
    await seedLead(h.payload, { firstName: 'Someone', lastName: 'Else', status: 'new' })

    const res = await download(leadsExportRequest('new', 'export', new Date('2026-11-22T10:00:00Z')))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/csv/)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="2026-11-22-leads.csv"')
    expect(csvRecords(res.text).map((r) => [r.id, r.firstName, r.status])).toEqual([
      [String(newer.id), 'Csvnewer', 'new'],
      [String(older.id), 'Csvolder', 'new'],
    ])
  })

  it("holds each of a lead's values in its own column, and nothing staff-only", async () => {
    // Five and a half hours ahead of UTC, with no summer time: each time below is worked out by hand.
    await h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: 'Asia/Kolkata' } })
    const idempotencyKey = 'csv-export-submission-key-0001'
    const lead = await seedLead(h.payload, {
      createdAt: '2026-11-21T20:15:00.000Z',
      status: 'quoted',
      serviceType: 'rim_rash',
      firstName: 'Csvrow',
      lastName: 'Columns',
      phone: '(512) 555-0199',
      email: 'csvrow@example.com',
      description: 'Two rims, "kerbed"\nfront and back',
      promoCode: 'FALL15',
      promoDiscountType: 'percentage',
      promoDiscountValue: 15,
      promoMinimumAmount: 100,
      utmSource: 'flyercsv',
      utmMedium: 'print',
      utmCampaign: 'fall',
      referrerHost: 'www.google.com',
      quoteStatus: 'accepted',
      quoteTotal: 1234.5,
      quoteAcceptedAt: '2026-11-22T03:30:00.000Z',
      lostReason: 'declined',
      lostAt: '2026-11-23T18:29:00.000Z',
      idempotencyKey,
      businessEmailSentAt: '2026-11-21T20:16:00.000Z',
    })
    // What the visitor was offered is the published home page's, copied onto the lead.
    const offered = await h.payload.findByID({ collection: 'leads', id: lead.id, depth: 0 })
    expect(offered.offeredTitle).toBeTruthy()

    const res = await download(leadsExportRequest('lost', 'Csvrow', new Date()))
    expect(res.status).toBe(200)
    expect(csvRecords(res.text)).toEqual([
      {
        id: String(lead.id),
        createdAt: '2026-11-22 01:45',
        status: 'quoted',
        serviceType: 'rim_rash',
        offeredTitle: offered.offeredTitle,
        offeredPriceCents: String(offered.offeredPriceCents),
        offeredUnit: offered.offeredUnit,
        firstName: 'Csvrow',
        lastName: 'Columns',
        phone: '(512) 555-0199',
        email: 'csvrow@example.com',
        description: 'Two rims, "kerbed"\nfront and back',
        promoCode: 'FALL15',
        promoDiscountType: 'percentage',
        promoDiscountValue: '15',
        promoMinimumAmount: '100',
        utmSource: 'flyercsv',
        utmMedium: 'print',
        utmCampaign: 'fall',
        referrerHost: 'www.google.com',
        quoteStatus: 'accepted',
        // Dollars and cents, as a spreadsheet sums them.
        quoteTotal: '1234.50',
        quoteAcceptedAt: '2026-11-22 09:00',
        lostReason: 'declined',
        lostAt: '2026-11-23 23:59',
      },
    ])
    expect(res.text).not.toContain(idempotencyKey)
    expect(res.text).not.toContain('idempotencyKey')
    expect(res.text).not.toContain('EmailSentAt')
  })

  it('narrows the leads to one source', async () => {
    const flyer = await seedLead(h.payload, {
      firstName: 'Csvflyer',
      lastName: 'Source',
      utmSource: 'flyercsv',
    })
    await seedLead(h.payload, { firstName: 'Csvother', lastName: 'Source', utmSource: 'radio' })
    await seedLead(h.payload, { firstName: 'Csvdirect', lastName: 'Source' })
    const res = await download(leadsExportRequest('', 'Source', new Date(), { source: 'flyercsv' }))
    expect(res.status).toBe(200)
    expect(csvRecords(res.text).map((r) => [r.id, r.firstName, r.utmSource])).toEqual([
      [String(flyer.id), 'Csvflyer', 'flyercsv'],
    ])
  })

  it('exports cells a spreadsheet would run as formulas as plain text', async () => {
    const lead = await seedLead(h.payload, {
      firstName: '=HYPERLINK("https://e.test";"x")',
      lastName: '@SUM(A1)',
      status: 'quoted',
      utmSource: 'flyercsv',
      utmCampaign: '=cmd()',
    })
    const res = await download(leadsExportRequest('quoted', '', new Date('2026-11-22T10:00:00Z')))
    expect(res.status).toBe(200)
    const row = csvRecords(res.text).find((r) => r.id === String(lead.id))
    expect(row).toMatchObject({
      firstName: '\'=HYPERLINK("https://e.test";"x")',
      lastName: "'@SUM(A1)",
      utmCampaign: "'=cmd()",
    })
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
