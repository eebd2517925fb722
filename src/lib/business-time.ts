// Staff read every date in the business's time zone, never their own or the server's.
export const DEFAULT_TIME_ZONE = 'America/Chicago'

// Making an Intl.DateTimeFormat costs far more than using one, and the lead chart's weeks
// and the visit slots ask for hundreds of wall times a page: each zone's check and
// formatters are made once. Zone names come from the settings; the checks are bounded anyway.
const zoneChecks = new Map<string, boolean>()
const MAX_ZONE_CHECKS = 64

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value.trim()) return false
  const known = zoneChecks.get(value)
  if (known !== undefined) return known
  let valid = true
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
  } catch {
    valid = false
  }
  if (zoneChecks.size < MAX_ZONE_CHECKS) zoneChecks.set(value, valid)
  return valid
}

export function businessTimeZone(value: unknown): string {
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function memoizedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = formatters.get(key)
  if (!f) {
    f = make()
    formatters.set(key, f)
  }
  return f
}

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const zone = businessTimeZone(timeZone)
  return memoizedFormat(
    `${zone}|${withTime}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        timeZone: zone,
      }),
  )
}

export function formatBusinessDate(
  value: string | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
  { time = true }: { time?: boolean } = {},
): string {
  if (value == null || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? '' : formatter(timeZone, time).format(date)
}

/** A day-only date (a work order's due date) is stored as UTC midnight of that day: shown as
 * that day, where the business time zone would show the evening before. */
export function formatCalendarDate(value: string | Date | null | undefined): string {
  return formatBusinessDate(value, 'UTC', { time: false })
}

export function formatLeadDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatBusinessDate(iso, timeZone)
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; weekday: number }

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

export function wallTime(date: Date, timeZone: string): WallTime {
  const zone = businessTimeZone(timeZone)
  const parts = memoizedFormat(
    `${zone}|wall`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      }),
  ).formatToParts(date)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Tue 10:00" in the business's zone; "Dec 14 10:00" from a week ahead, where a weekday would mislead. */
export function formatShortWhen(value: string | Date, timeZone: string, now = new Date()): string {
  const w = wallTime(new Date(value), timeZone)
  const today = wallTime(now, timeZone)
  const days =
    (Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000
  const day = days >= 0 && days < 7 ? WEEKDAYS[w.weekday] : `${MONTHS[w.month - 1]} ${w.day}`
  return `${day} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`
}

// Month 1-12; days past the month's end roll over. In a DST gap the time after the gap is used.
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const offsetAt = (instant: number) => {
    const w = wallTime(new Date(instant), timeZone)
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - instant
  }
  let guess = asUtc - offsetAt(asUtc)
  guess = asUtc - offsetAt(guess)
  return new Date(guess)
}

// Payload's date picker shows and reads the browser's clock: shifting the value into the browser's zone
// and back makes it show and set the business's wall time.
export function shiftZone(iso: string, fromZone: string, toZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const w = wallTime(date, fromZone)
  return zonedTime(toZone, w.year, w.month, w.day, w.hour, w.minute).toISOString()
}

const pad = (n: number) => String(n).padStart(2, '0')

export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const w = wallTime(d, timeZone)
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`
}

// The business's wall time, which spreadsheets read as a date.
export function spreadsheetDate(value: unknown, timeZone: string): unknown {
  if (typeof value !== 'string') return value
  const input = toZonedInput(value, timeZone)
  return input ? input.replace('T', ' ') : value
}

export function fromZonedInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value.trim())
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number)
  const date = zonedTime(timeZone, year, month, day, hour, minute)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
