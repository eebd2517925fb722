import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Opening hours were three texts ("Mon-Fri 8AM-6PM", "Sat 9AM-4PM", "Sun closed") that the
// site parsed; they become, per day, closed + opens/closes ("08:00", in 30-minute steps),
// plus Saturday's own opening time for the footer. The reading of the old text lives here,
// frozen with this migration: the site no longer parses hours.
type Day = { closed: boolean; opens: string; closes: string }
type Db = MigrateUpArgs['db']

const DEFAULTS: Record<'weekdays' | 'saturday' | 'sunday', Day> = {
  weekdays: { closed: false, opens: '08:00', closes: '18:00' },
  saturday: { closed: false, opens: '09:00', closes: '16:00' },
  sunday: { closed: true, opens: '09:00', closes: '17:00' },
}
const OLD_DEFAULT_SATURDAY = 'Sat 9AM-4PM'
const FOOTER_SATURDAY_OPENS = '08:00'
const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*([AP])\.?M\.?`

// "8AM", "8:30 pm", "12PM" → "08:00", "20:30", "12:00"; null unless a 30-minute step.
function to24h(hour: string, minutes: string | undefined, period: string): string | null {
  const h = Number(hour)
  const m = minutes ?? '00'
  if (h < 1 || h > 12 || (m !== '00' && m !== '30')) return null
  const h24 = (h % 12) + (period.toUpperCase() === 'P' ? 12 : 0)
  return `${String(h24).padStart(2, '0')}:${m}`
}

// Text the site could show ("Sat 9AM-4PM", "Sun closed"); anything else reads as the default.
function readDay(text: unknown, fallback: Day): Day {
  if (typeof text !== 'string' || text.trim() === '') return fallback
  if (/\bclosed\b/i.test(text)) return { ...fallback, closed: true }
  const m = new RegExp(`${TIME}\\s*(?:-|–|to)\\s*${TIME}`, 'i').exec(text)
  if (!m) return fallback
  const opens = to24h(m[1], m[2], m[3])
  const closes = to24h(m[4], m[5], m[6])
  if (!opens || !closes || closes <= opens) return fallback
  return { closed: false, opens, closes }
}

// "08:00" → "8AM", "08:30" → "8:30AM": the old text's way of writing a time.
function short(time: string): string {
  const [h, m] = time.split(':').map(Number)
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'AM' : 'PM'}`
}

function writeDay(label: string, day: Partial<Day>, fallback: Day): string {
  if (day.closed) return `${label} closed`
  const valid = (t: unknown): t is string => typeof t === 'string' && /^([01]\d|2[0-3]):[03]0$/.test(t)
  const opens = valid(day.opens) ? day.opens : fallback.opens
  const closes = valid(day.closes) ? day.closes : fallback.closes
  return `${label} ${short(opens)}-${short(closes)}`
}

type OldRow = { id: number; hours_weekdays: unknown; hours_saturday: unknown; hours_sunday: unknown }

async function textToColumns(db: Db) {
  const { rows } = await db.execute(
    sql`SELECT "id", "hours_weekdays", "hours_saturday", "hours_sunday" FROM "site_settings"`,
  )
  for (const row of rows as OldRow[]) {
    const weekdays = readDay(row.hours_weekdays, DEFAULTS.weekdays)
    const saturday = readDay(row.hours_saturday, DEFAULTS.saturday)
    const sunday = readDay(row.hours_sunday, DEFAULTS.sunday)
    // The footer showed Saturday from 8AM while the text was the spec's (empty read as the
    // spec's); once edited, it showed the owner's Saturday.
    const oldSaturday = typeof row.hours_saturday === 'string' ? row.hours_saturday.trim() : ''
    const footerOpens = oldSaturday === '' || oldSaturday === OLD_DEFAULT_SATURDAY ? FOOTER_SATURDAY_OPENS : null
    await db.execute(sql`
    UPDATE "site_settings" SET
      "hours_weekdays_closed" = ${weekdays.closed},
      "hours_weekdays_opens" = ${weekdays.opens},
      "hours_weekdays_closes" = ${weekdays.closes},
      "hours_saturday_closed" = ${saturday.closed},
      "hours_saturday_opens" = ${saturday.opens},
      "hours_saturday_closes" = ${saturday.closes},
      "hours_saturday_footer_opens" = ${footerOpens},
      "hours_sunday_closed" = ${sunday.closed},
      "hours_sunday_opens" = ${sunday.opens},
      "hours_sunday_closes" = ${sunday.closes}
    WHERE "id" = ${row.id}`)
  }
}

type NewRow = { id: number } & Record<string, unknown>

async function columnsToText(db: Db) {
  const { rows } = await db.execute(sql`SELECT * FROM "site_settings"`)
  for (const row of rows as NewRow[]) {
    const day = (name: string): Partial<Day> => ({
      closed: row[`hours_${name}_closed`] === true,
      opens: row[`hours_${name}_opens`] as string,
      closes: row[`hours_${name}_closes`] as string,
    })
    await db.execute(sql`
    UPDATE "site_settings" SET
      "hours_weekdays" = ${writeDay('Mon-Fri', day('weekdays'), DEFAULTS.weekdays)},
      "hours_saturday" = ${writeDay('Sat', day('saturday'), DEFAULTS.saturday)},
      "hours_sunday" = ${writeDay('Sun', day('sunday'), DEFAULTS.sunday)}
    WHERE "id" = ${row.id}`)
  }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "hours_weekdays_closed" boolean DEFAULT false;
  ALTER TABLE "site_settings" ADD COLUMN "hours_weekdays_opens" varchar DEFAULT '08:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_weekdays_closes" varchar DEFAULT '18:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_saturday_closed" boolean DEFAULT false;
  ALTER TABLE "site_settings" ADD COLUMN "hours_saturday_opens" varchar DEFAULT '09:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_saturday_closes" varchar DEFAULT '16:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_saturday_footer_opens" varchar DEFAULT '08:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_sunday_closed" boolean DEFAULT true;
  ALTER TABLE "site_settings" ADD COLUMN "hours_sunday_opens" varchar DEFAULT '09:00';
  ALTER TABLE "site_settings" ADD COLUMN "hours_sunday_closes" varchar DEFAULT '17:00';`)
  await textToColumns(db)
  await db.execute(sql`
  ALTER TABLE "site_settings" DROP COLUMN "hours_weekdays";
  ALTER TABLE "site_settings" DROP COLUMN "hours_saturday";
  ALTER TABLE "site_settings" DROP COLUMN "hours_sunday";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "hours_weekdays" varchar DEFAULT 'Mon-Fri 8AM-6PM';
  ALTER TABLE "site_settings" ADD COLUMN "hours_saturday" varchar DEFAULT 'Sat 9AM-4PM';
  ALTER TABLE "site_settings" ADD COLUMN "hours_sunday" varchar DEFAULT 'Sun closed';`)
  await columnsToText(db)
  await db.execute(sql`
  ALTER TABLE "site_settings" DROP COLUMN "hours_weekdays_closed";
  ALTER TABLE "site_settings" DROP COLUMN "hours_weekdays_opens";
  ALTER TABLE "site_settings" DROP COLUMN "hours_weekdays_closes";
  ALTER TABLE "site_settings" DROP COLUMN "hours_saturday_closed";
  ALTER TABLE "site_settings" DROP COLUMN "hours_saturday_opens";
  ALTER TABLE "site_settings" DROP COLUMN "hours_saturday_closes";
  ALTER TABLE "site_settings" DROP COLUMN "hours_saturday_footer_opens";
  ALTER TABLE "site_settings" DROP COLUMN "hours_sunday_closed";
  ALTER TABLE "site_settings" DROP COLUMN "hours_sunday_opens";
  ALTER TABLE "site_settings" DROP COLUMN "hours_sunday_closes";`)
}
