import { sql } from '@payloadcms/db-postgres'
import { describe, expect, it, vi } from 'vitest'

import { leadsPerWeek, readLeadEvents, readLeads, readTimeZone } from '@/data/back-office'
import { leadsExportRequest } from '@/lib/lead-query'

import { csvRecords } from '../helpers/csv'
import { seedLead } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// The back office reads its lists on the server with the signed-in user's access; the
// weekly chart sums a whole window in one database statement, in the business's zone.
const h = setupHarness({ http: true })

async function createdAt(id: number, iso: string) {
  await h.payload.db.drizzle.execute(sql`UPDATE leads SET created_at = ${iso}::timestamptz WHERE id = ${id}`)
}

describe('leadsPerWeek', () => {
  it("sums twelve business weeks in one statement, Monday midnight in the business's zone", async () => {
    // Sunday 22 November 2026, 3:30 PM in Austin.
    const now = new Date('2026-11-22T21:30:00Z')
    // created at, week (-1: outside the window), utm_source, referrer_host, closed as lost, texted
    const cases: [string, number, string | null, string | null, boolean, boolean?][] = [
      ['2026-11-16T06:00:00Z', 11, 'flyer', 'google.com', false], // Monday 00:00 CST: this week
      ['2026-11-16T05:59:00Z', 10, null, 'google.com', false], // Sunday 11:59 PM CST: the week before
      ['2026-11-22T21:00:00Z', 11, null, null, false],
      ['2026-11-20T12:00:00Z', 11, 'flyer', null, true],
      ['2026-11-18T12:00:00Z', 11, null, null, false, true], // a text, not (direct)
      ['2026-11-10T12:00:00Z', 10, 'flyer', null, false, true], // a text wins over a campaign
      ['2026-09-01T12:00:00Z', 0, 'flyer', null, false], // Tuesday 1 September: the oldest week
      ['2026-08-30T12:00:00Z', -1, 'flyer', null, false], // before the window
      ['2026-11-23T06:00:00Z', -1, 'flyer', null, false], // next Monday: after it
    ]
    for (const [iso, , utm, referrer, lost, texted] of cases) {
      const { id } = await seedLead(h.payload)
      await createdAt(id, iso)
      await h.payload.db.drizzle.execute(
        sql`UPDATE leads SET utm_source = ${utm}, referrer_host = ${referrer},
            lost_reason = ${lost ? 'declined' : null}, channel = ${texted ? 'text' : 'form'} WHERE id = ${id}`,
      )
    }

    const find = vi.spyOn(h.payload.db, 'find')
    const execute = vi.spyOn(h.payload.db.drizzle, 'execute')
    const weeks = await leadsPerWeek({ payload: h.payload, user: h.userOf('staff')! }, 'America/Chicago', now)
    // No lead is read one by one: the sums come from one statement.
    expect(find).not.toHaveBeenCalled()
    expect(execute).toHaveBeenCalledTimes(1)
    find.mockRestore()
    execute.mockRestore()

    expect(weeks).toHaveLength(12)
    expect(weeks[11].label).toBe('Nov 16')
    expect(weeks[0].label).toBe('Aug 31')
    const expected = Array.from({ length: 12 }, () => 0)
    for (const [, week, , , lost] of cases) if (week >= 0 && !lost) expected[week]++
    expect(weeks.map((w) => w.count)).toEqual(expected)
    expect(weeks.map((w) => w.lost)).toEqual(expected.map((_, i) => (i === 11 ? 1 : 0)))
    // A text is "Text"; a campaign wins over the referring site; neither is (direct); lost leads are apart.
    expect(weeks[11].bySource).toEqual({ flyer: 1, '(direct)': 1, Text: 1 })
    expect(weeks[10].bySource).toEqual({ 'google.com': 1, Text: 1 })
    expect(weeks[0].bySource).toEqual({ flyer: 1 })
  })

  it('reads no sums when the window holds no lead', async () => {
    const execute = vi.spyOn(h.payload.db.drizzle, 'execute')
    const weeks = await leadsPerWeek(
      { payload: h.payload, user: h.userOf('staff')! },
      'America/Chicago',
      new Date('2020-06-01T12:00:00Z'),
    )
    expect(execute).not.toHaveBeenCalled()
    execute.mockRestore()
    expect(weeks.map((w) => w.count + w.lost)).toEqual(Array.from({ length: 12 }, () => 0))
  })

  it("reads with the user's own access: an unapproved account is refused", async () => {
    await seedLead(h.payload)
    await expect(
      leadsPerWeek({ payload: h.payload, user: h.userOf('unapproved')! }, 'America/Chicago'),
    ).rejects.toThrow()
    await expect(
      readLeads({ payload: h.payload, user: h.userOf('unapproved')! }, { status: '', q: '', page: 1 }),
    ).rejects.toThrow()
  })
})

describe('the source filter and the CSV', () => {
  it('holds the texted leads under "Text", as the chart counts them, and under no other source', async () => {
    const seed = async (firstName: string, data: Record<string, string>) => {
      const { id } = await seedLead(h.payload, { firstName, lastName: 'Channelsrc', ...data })
      return id as number
    }
    const texted = await seed('Texted', { channel: 'text' })
    // A text with a campaign left in its fields is still a text, as sourceLabel says.
    const textedFlyer = await seed('Textedflyer', { channel: 'text', utmSource: 'flyerch' })
    const direct = await seed('Direct', { channel: 'form' })
    const legacy = await seed('Legacy', {}) // from before channels: no channel at all
    const flyer = await seed('Flyer', { channel: 'form', utmSource: 'flyerch' })
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    const ids = async (source: string) =>
      (await readLeads(staff, { status: '', q: 'Channelsrc', page: 1, source })).docs.map((d) => d.id).sort()

    expect(await ids('Text')).toEqual([texted, textedFlyer].sort())
    expect(await ids('(direct)')).toEqual([direct, legacy].sort())
    expect(await ids('flyerch')).toEqual([flyer])

    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('', 'Channelsrc', new Date(), { source: 'Text' }),
    })
    expect(res.status).toBe(200)
    expect(
      csvRecords(res.text)
        .map((r) => [r['First name'], r.Source])
        .sort(),
    ).toEqual([
      ['Texted', 'Text'],
      ['Textedflyer', 'Text'],
    ])
  })
})

describe("the business's time zone", () => {
  it('defaults to Austin and follows the site settings', async () => {
    expect(await readTimeZone(h.payload)).toBe('America/Chicago')
    await expect(
      h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: 'Mars/Olympus' } }),
    ).rejects.toThrow(/Time Zone/)
  })

  it('writes the CSV export dates in that zone', async () => {
    const lead = await seedLead(h.payload, { firstName: 'Zoned', lastName: 'Export' })
    await createdAt(lead.id, '2026-11-23T04:27:00Z')
    await h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: 'America/New_York' } })
    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('', 'Zoned', new Date()),
    })
    expect(res.status).toBe(200)
    expect(csvRecords(res.text).map((r) => r.Received)).toEqual(['2026-11-22 23:27'])
  })
})

describe("a lead's timeline", () => {
  it('shows two entries written in one instant newest first, by the order they were written', async () => {
    const { id } = await seedLead(h.payload, { firstName: 'Same', lastName: 'Instant' })
    const db = (h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle
    for (const text of ['New → Contacted', 'Contacted → Quoted']) {
      await db.execute(sql`
        INSERT INTO lead_events (lead_id, kind, text, created_at, updated_at)
        VALUES (${id}, 'status', ${text}, '2026-11-20T15:00:00Z', '2026-11-20T15:00:00Z')`)
    }
    const events = await readLeadEvents({ payload: h.payload, user: h.userOf('staff')! }, id as number)
    expect(events.map((e) => e.text)).toEqual(['Contacted → Quoted', 'New → Contacted'])
  })
})
