import { describe, expect, it } from 'vitest'

import { leadsExportRequest, leadsWhere } from '@/lib/lead-query'

import { conventionalCsv, csvHeader, csvRecords } from '../helpers/csv'
import { seedLead, snapshot } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// The back office's CSV export goes through @payloadcms/plugin-import-export's download
// endpoint, over real HTTP: the file carries the list's filter, order and columns, and
// reads leads with the requester's own access, so nobody but approved staff gets a row.
const h = setupHarness({ http: true })

const download = (json: unknown) =>
  h.http.post('/api/exports/download', { session: h.sessionOf('staff'), json })

// The columns a bookkeeper reads, in order: money in dollars, the back office's words, no codes.
const HEADER = [
  'Lead ID',
  'Received',
  'Status',
  'Closed as lost',
  'Closed on',
  'First name',
  'Last name',
  'Phone',
  'E-mail',
  'Dealership',
  'Cars a month',
  'Street address',
  'ZIP code',
  'Vehicle',
  'Wheel size',
  'Service',
  'Price as offered (USD)',
  'Price unit',
  'Description',
  'Promo code',
  'Promo discount (%)',
  'Promo discount (USD)',
  'Promo minimum order (USD)',
  'Source',
  'Quote',
  'Quote total (USD)',
  'Quote accepted',
  'Visit',
  'Visit status',
]

// A booked visit of the van, written as the booking code leaves it (one live visit per lead).
async function seedVisit(lead: number, start: string, { van = 1, cancelledAt = null as string | null } = {}) {
  await h.payload.db.create({
    collection: 'visits',
    data: {
      lead,
      start,
      end: new Date(new Date(start).getTime() + 3_600_000).toISOString(),
      van,
      bookedBy: 'customer',
      cancelledAt,
    },
  })
}

const namesOf = async (json: unknown) => {
  const res = await download(json)
  expect(res.status).toBe(200)
  return csvRecords(res.text).map((r) => r['First name'])
}

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
    // The product's one convention: a byte order mark, CRLF, read by a strict RFC 4180 reader.
    expect(conventionalCsv(res.bytes)[0]).toEqual(HEADER)
    expect(csvRecords(res.text).map((r) => [r['Lead ID'], r['First name'], r.Status])).toEqual([
      [String(newer.id), 'Csvnewer', 'New'],
      [String(older.id), 'Csvolder', 'New'],
    ])
  })

  it('holds the leads closed as lost under "All statuses", which the list keeps apart', async () => {
    await seedLead(h.payload, { firstName: 'Lostcsvopen', lastName: 'Allstatuses', status: 'new' })
    await seedLead(h.payload, {
      firstName: 'Lostcsvclosed',
      lastName: 'Allstatuses',
      status: 'new',
      lostReason: 'no_answer',
    })
    const listed = await h.payload.find({ collection: 'leads', where: leadsWhere('', 'Allstatuses') })
    expect(listed.docs.map((d) => d.firstName)).toEqual(['Lostcsvopen'])

    expect(await namesOf(leadsExportRequest('', 'Allstatuses', new Date()))).toEqual([
      'Lostcsvclosed',
      'Lostcsvopen',
    ])
    const res = await download(leadsExportRequest('', 'Allstatuses', new Date()))
    expect(csvRecords(res.text)[0]).toMatchObject({ Status: 'New', 'Closed as lost': 'No answer' })
    // A status of the list's is its open leads; lost ones have a choice of their own.
    expect(await namesOf(leadsExportRequest('new', 'Allstatuses', new Date()))).toEqual(['Lostcsvopen'])
    expect(await namesOf(leadsExportRequest('lost', 'Allstatuses', new Date()))).toEqual(['Lostcsvclosed'])
  })

  it("holds each of a lead's values under a readable header, in dollars and words, nothing staff-only", async () => {
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
      address: '1234 S Congress Ave, Austin',
      zip: '78704',
      vehicle: '2019 Honda Civic',
      wheelSize: '18 in',
      promoCode: 'FALL10',
      promoDiscountType: 'fixed_amount',
      promoDiscountValue: 10,
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
    // What the visitor was offered is the published home page's, copied onto the lead in cents.
    const offered = await h.payload.findByID({ collection: 'leads', id: lead.id, depth: 0 })
    expect(offered).toMatchObject({ offeredTitle: 'Rim Rash / Curbed Rim', offeredPriceCents: 12500 })
    await seedVisit(lead.id, '2030-03-04T04:30:00.000Z')

    const res = await download(leadsExportRequest('lost', 'Csvrow', new Date()))
    expect(res.status).toBe(200)
    expect(csvHeader(res.text)).toEqual(HEADER)
    expect(csvRecords(res.text)).toEqual([
      {
        'Lead ID': String(lead.id),
        Received: '2026-11-22 01:45',
        Status: 'Quoted',
        'Closed as lost': 'Declined',
        'Closed on': '2026-11-23 23:59',
        'First name': 'Csvrow',
        'Last name': 'Columns',
        Phone: '(512) 555-0199',
        'E-mail': 'csvrow@example.com',
        Dealership: '',
        'Cars a month': '',
        'Street address': '1234 S Congress Ave, Austin',
        'ZIP code': '78704',
        Vehicle: '2019 Honda Civic',
        'Wheel size': '18 in',
        Service: 'Rim Rash / Curbed Rim',
        'Price as offered (USD)': '125.00',
        'Price unit': offered.offeredUnit,
        Description: 'Two rims, "kerbed"\nfront and back',
        'Promo code': 'FALL10',
        'Promo discount (%)': '',
        'Promo discount (USD)': '10.00',
        'Promo minimum order (USD)': '100.00',
        Source: 'flyercsv / print / fall (via www.google.com)',
        Quote: 'Accepted',
        'Quote total (USD)': '1234.50',
        'Quote accepted': '2026-11-22 09:00',
        Visit: '2030-03-04 10:00',
        'Visit status': 'Upcoming',
      },
    ])
    expect(res.text).not.toContain(idempotencyKey)
    expect(res.text).not.toMatch(/cents|EmailSentAt|rim_rash|flyercsv,/i)
  })

  it('writes a percentage discount as a number and an open lead without a visit as empty cells', async () => {
    await seedLead(h.payload, {
      firstName: 'Csvpercent',
      lastName: 'Blanks',
      serviceType: 'wheel_restoration',
      promoCode: 'FALL15',
      promoDiscountType: 'percentage',
      promoDiscountValue: 15,
      promoMinimumAmount: 0,
    })
    const res = await download(leadsExportRequest('', 'Csvpercent', new Date()))
    expect(csvRecords(res.text)).toEqual([
      expect.objectContaining({
        Status: 'New',
        'Closed as lost': '',
        Service: 'Wheel Restoration',
        'Promo discount (%)': '15',
        'Promo discount (USD)': '',
        'Promo minimum order (USD)': '0.00',
        Source: '(direct)',
        Quote: '',
        'Quote total (USD)': '',
        Visit: '',
        'Visit status': '',
      }),
    ])
  })

  it("gives each lead its visit in the business's time zone: the one booked, else the one cancelled last", async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: 'Asia/Kolkata' } })
    const moved = await seedLead(h.payload, { firstName: 'Csvmoved', lastName: 'Visits' })
    const cancelled = await seedLead(h.payload, { firstName: 'Csvcancelled', lastName: 'Visits' })
    const done = await seedLead(h.payload, { firstName: 'Csvdone', lastName: 'Visits' })
    await seedVisit(moved.id, '2030-03-05T04:30:00.000Z', { cancelledAt: '2026-11-01T10:00:00.000Z' })
    await seedVisit(moved.id, '2030-03-06T08:30:00.000Z')
    await seedVisit(cancelled.id, '2030-05-01T05:30:00.000Z', { cancelledAt: '2026-11-02T10:00:00.000Z' })
    await seedVisit(cancelled.id, '2030-04-01T05:30:00.000Z', { cancelledAt: '2026-11-03T10:00:00.000Z' })
    await seedVisit(done.id, '2025-01-10T08:00:00.000Z', { van: 2 })

    const res = await download(leadsExportRequest('', 'Visits', new Date()))
    expect(csvRecords(res.text).map((r) => [r['First name'], r.Visit, r['Visit status']])).toEqual([
      ['Csvdone', '2025-01-10 13:30', 'Past'],
      ['Csvcancelled', '2030-04-01 11:00', 'Cancelled'],
      ['Csvmoved', '2030-03-06 14:00', 'Upcoming'],
    ])
  })

  it('writes its own columns whatever fields a request names', async () => {
    await seedLead(h.payload, {
      firstName: 'Csvfields',
      lastName: 'Asked',
      idempotencyKey: 'csv-asked-key-0001',
    })
    const { data } = leadsExportRequest('', 'Csvfields', new Date())
    const res = await download({ data: { ...data, fields: ['idempotencyKey', 'businessEmailSentAt'] } })
    expect(res.status).toBe(200)
    expect(csvHeader(res.text)).toEqual(HEADER)
    expect(csvRecords(res.text)).toEqual([expect.objectContaining({ 'First name': 'Csvfields' })])
    expect(res.text).not.toContain('csv-asked-key-0001')
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
    expect(csvRecords(res.text).map((r) => [r['Lead ID'], r['First name'], r.Source])).toEqual([
      [String(flyer.id), 'Csvflyer', 'flyercsv'],
    ])
  })

  it("gives a partner enquiry's dealership and cars a month, filed as a dealership partnership", async () => {
    const enquiry = await seedLead(h.payload, {
      firstName: 'Csvdealer',
      lastName: 'Partner',
      channel: 'partner',
      serviceType: 'dealership_partnership',
      dealershipName: 'Lamar Auto Group, North',
      carsPerMonth: 40,
    })
    await seedLead(h.payload, { firstName: 'Csvretail', lastName: 'Partner' })
    const res = await download(leadsExportRequest('', 'Partner', new Date()))
    expect(res.status).toBe(200)
    expect(
      csvRecords(res.text).map((r) => [r['Lead ID'], r.Dealership, r['Cars a month'], r.Service, r.Source]),
    ).toEqual([
      [expect.any(String), '', '', 'Rim Rash / Curbed Rim', '(direct)'],
      [String(enquiry.id), 'Lamar Auto Group, North', '40', 'Dealership Partnership', 'Partner enquiry'],
    ])
  })

  it('exports cells a spreadsheet would run as formulas as plain text', async () => {
    const lead = await seedLead(h.payload, {
      firstName: '=HYPERLINK("https://e.test";"x")',
      lastName: '@SUM(A1)',
      status: 'quoted',
      vehicle: '+cmd|calc',
      utmSource: '=cmd()',
    })
    const enquiry = await seedLead(h.payload, {
      firstName: 'Csvformula',
      lastName: 'Dealer',
      status: 'quoted',
      channel: 'partner',
      serviceType: 'dealership_partnership',
      dealershipName: '=HYPERLINK("https://e.test";"Lamar Auto")',
      carsPerMonth: 12,
    })
    const res = await download(leadsExportRequest('quoted', '', new Date('2026-11-22T10:00:00Z')))
    expect(res.status).toBe(200)
    const row = csvRecords(res.text).find((r) => r['Lead ID'] === String(lead.id))
    expect(row).toMatchObject({
      'First name': '\'=HYPERLINK("https://e.test";"x")',
      'Last name': "'@SUM(A1)",
      Vehicle: "'+cmd|calc",
      Source: "'=cmd()",
    })
    expect(csvRecords(res.text).find((r) => r['Lead ID'] === String(enquiry.id))).toMatchObject({
      Dealership: '\'=HYPERLINK("https://e.test";"Lamar Auto")',
      'Cars a month': '12',
    })
    expect(res.text).not.toMatch(/(^|,)[=+@]/m)
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

  it('saves an export in the same convention as the download', async () => {
    const lead = await seedLead(h.payload, { firstName: 'Csvsaved', lastName: 'Export', status: 'new' })
    const staff = h.sessionOf('staff')
    const saved = await h.http.post<{ doc: { id: number; url: string } }>('/api/exports', {
      session: staff,
      json: leadsExportRequest('all', 'Csvsaved', new Date()).data,
    })
    expect(saved.status).toBe(201)
    try {
      const file = await h.http.bytes(new URL(saved.body.doc.url).pathname, staff)
      expect(file.status).toBe(200)
      const [header, ...rows] = conventionalCsv(file.bytes)
      expect(header).toEqual(HEADER)
      expect(rows.map((row) => [row[0], row[HEADER.indexOf('First name')]])).toEqual([
        [String(lead.id), 'Csvsaved'],
      ])
    } finally {
      await h.payload.delete({ collection: 'exports', id: saved.body.doc.id })
    }
  })

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
