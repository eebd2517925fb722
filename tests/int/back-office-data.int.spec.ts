import { sql } from '@payloadcms/db-postgres'
import { describe, expect, it, vi } from 'vitest'

import { leadsPerWeek, readLeads, readTimeZone } from '@/components/admin/back-office-data'
import { leadsExportRequest } from '@/lib/lead-query'

import { seedLead } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// The back office reads its lists on the server with the signed-in user's access; the
// weekly chart counts a whole window from one database query, in the business's zone.
const h = setupHarness({ http: true })

async function createdAt(id: number, iso: string) {
  await h.payload.db.drizzle.execute(sql`UPDATE leads SET created_at = ${iso}::timestamptz WHERE id = ${id}`)
}

describe('leadsPerWeek', () => {
  it("counts twelve business weeks with one query, Monday midnight in the business's zone", async () => {
    // Sunday 22 November 2026, 3:30 PM in Austin.
    const now = new Date('2026-11-22T21:30:00Z')
    const cases: [string, number][] = [
      ['2026-11-16T06:00:00Z', 11], // Monday 00:00 CST: this week
      ['2026-11-16T05:59:00Z', 10], // Sunday 11:59 PM CST: the week before
      ['2026-11-22T21:00:00Z', 11],
      ['2026-09-01T12:00:00Z', 0], // Tuesday 1 September: the oldest week
      ['2026-08-30T12:00:00Z', -1], // before the window
    ]
    for (const [iso] of cases) await createdAt((await seedLead(h.payload)).id, iso)

    const find = vi.spyOn(h.payload.db, 'find')
    const count = vi.spyOn(h.payload.db, 'count')
    const weeks = await leadsPerWeek({ payload: h.payload, user: h.userOf('staff')! }, 'America/Chicago', now)
    expect(find).toHaveBeenCalledTimes(1)
    expect(count).not.toHaveBeenCalled()
    find.mockRestore()
    count.mockRestore()

    expect(weeks).toHaveLength(12)
    expect(weeks[11].label).toBe('Nov 16')
    expect(weeks[0].label).toBe('Aug 31')
    const expected = Array.from({ length: 12 }, () => 0)
    for (const [, week] of cases) if (week >= 0) expected[week]++
    expect(weeks.map((w) => w.count)).toEqual(expected)
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
    const row = res.text.trim().split(/\r?\n/)[1].split(',')
    expect(row[1]).toBe('2026-11-22 23:27')
  })
})
