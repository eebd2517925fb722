import { sql } from '@payloadcms/db-postgres'
import type { MigrateDownArgs, MigrateUpArgs, PostgresAdapter } from '@payloadcms/db-postgres'
import { afterAll, describe, expect, it } from 'vitest'

import { DEFAULT_HOURS } from '@/lib/business-hours'

import { down, up } from '../../migrations/20261123_111326_structured_hours'
import { setupHarness } from '../helpers/harness'

// Opening hours were three texts and became, per day, closed + opens/closes: a database
// migrated with the owner's text keeps the owner's hours, text the site could not read
// becomes the spec's hours, and the way back writes the hours as text again.
const h = setupHarness({ personas: false })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const args = () => ({ db: db(), payload: h.payload, req: {} }) as unknown as MigrateUpArgs & MigrateDownArgs

type Texts = { weekdays: string | null; saturday: string | null; sunday: string | null }

async function texts(): Promise<Texts[]> {
  const result = (await db().execute(
    sql`SELECT hours_weekdays AS weekdays, hours_saturday AS saturday, hours_sunday AS sunday FROM site_settings`,
  )) as unknown as { rows: Texts[] }
  return result.rows
}

// Migrates the settings row down, puts the given old text in, and migrates it up again.
async function migrateFromText(old: Texts) {
  await down(args())
  await db().execute(
    sql`UPDATE site_settings SET hours_weekdays = ${old.weekdays}, hours_saturday = ${old.saturday}, hours_sunday = ${old.sunday}`,
  )
  await up(args())
  return (await h.payload.findGlobal({ slug: 'site-settings', depth: 0 })).hours
}

afterAll(async () => {
  await h.payload.updateGlobal({ slug: 'site-settings', data: { hours: DEFAULT_HOURS } })
})

describe('the structured_hours migration', () => {
  it('writes the stored hours back as text on the way down', async () => {
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: {
        hours: {
          weekdays: { closed: false, opens: '07:30', closes: '17:00' },
          saturday: { closed: true, opens: '09:00', closes: '16:00', footerOpens: '08:00' },
          sunday: { closed: false, opens: '12:00', closes: '14:30' },
        },
      },
    })
    await down(args())
    expect(await texts()).toEqual([
      { weekdays: 'Mon-Fri 7:30AM-5PM', saturday: 'Sat closed', sunday: 'Sun 12PM-2:30PM' },
    ])
    await up(args())
  })

  it("reads the spec's text as the spec's hours, the footer's 8AM Saturday included", async () => {
    expect(
      await migrateFromText({ weekdays: 'Mon-Fri 8AM-6PM', saturday: 'Sat 9AM-4PM', sunday: 'Sun closed' }),
    ).toEqual(DEFAULT_HOURS)
    expect(await migrateFromText({ weekdays: null, saturday: null, sunday: null })).toEqual(DEFAULT_HOURS)
  })

  it("keeps the owner's edited text, with the footer showing the owner's Saturday as it did", async () => {
    expect(
      await migrateFromText({
        weekdays: 'Mon-Fri 7:30AM-5:30PM',
        saturday: 'Sat 10AM - 2PM',
        sunday: 'Sun 12pm-4pm',
      }),
    ).toEqual({
      weekdays: { closed: false, opens: '07:30', closes: '17:30' },
      saturday: { closed: false, opens: '10:00', closes: '14:00', footerOpens: null },
      sunday: { closed: false, opens: '12:00', closes: '16:00' },
    })
    expect(
      await migrateFromText({ weekdays: 'Mon-Fri closed', saturday: 'Sat Closed', sunday: 'Sun closed' }),
    ).toMatchObject({ weekdays: { closed: true }, saturday: { closed: true }, sunday: { closed: true } })
  })

  it("falls back to the spec's hours for text it cannot read", async () => {
    expect(
      await migrateFromText({
        weekdays: 'By appointment',
        saturday: 'Sat 8:15AM-4PM',
        sunday: 'Sun 5PM-10AM',
      }),
    ).toEqual({
      weekdays: DEFAULT_HOURS.weekdays,
      saturday: { ...DEFAULT_HOURS.saturday, footerOpens: null },
      sunday: DEFAULT_HOURS.sunday,
    })
  })
})
