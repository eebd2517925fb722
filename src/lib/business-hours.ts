export type DayHours = { closed: boolean; opens: string; closes: string }

// Saturday has two readings: 9AM on the contact card, 8AM in the footer. `footerOpens` is the footer's;
// without it the footer agrees with the card.
export type SaturdayHours = DayHours & { footerOpens: string | null }

export type BusinessHours = { weekdays: DayHours; saturday: SaturdayHours; sunday: DayHours }

export const DEFAULT_HOURS: BusinessHours = {
  weekdays: { closed: false, opens: '08:00', closes: '18:00' },
  saturday: { closed: false, opens: '09:00', closes: '16:00', footerOpens: '08:00' },
  sunday: { closed: true, opens: '09:00', closes: '17:00' },
}

const pad = (n: number) => String(n).padStart(2, '0')

export const TIMES: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${pad(Math.floor(i / 2))}:${pad((i % 2) * 30)}`,
)

export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIMES.includes(value)
}

function clock(time: string): { hour: number; minutes: string; period: 'AM' | 'PM' } {
  const [h, m] = time.split(':')
  const hour24 = Number(h)
  return { hour: hour24 % 12 || 12, minutes: m, period: hour24 < 12 ? 'AM' : 'PM' }
}

export function timeLabel(time: string): string {
  const { hour, minutes, period } = clock(time)
  return `${hour}:${minutes} ${period}`
}

export const TIME_OPTIONS = TIMES.map((value) => ({ value, label: timeLabel(value) }))

// "08:00" → "8AM", "08:30" → "8:30AM", "12:00" → "12PM": how the public pages write a time.
export function shortTime(time: string): string {
  const { hour, minutes, period } = clock(time)
  return `${hour}${minutes === '00' ? '' : `:${minutes}`}${period}`
}

const LABELS = { weekdays: 'Mon-Fri', saturday: 'Sat', sunday: 'Sun' } as const
type Day = keyof typeof LABELS

// Weekdays and Saturday only: Sunday is shown in the footer alone.
export function contactHoursLines(hours: BusinessHours): string[] {
  return (['weekdays', 'saturday'] as const).map((day) => {
    const h = hours[day]
    return h.closed ? `${LABELS[day]} closed` : `${LABELS[day]} ${shortTime(h.opens)}-${shortTime(h.closes)}`
  })
}

export function footerHoursLines(hours: BusinessHours): string[] {
  return (['weekdays', 'saturday', 'sunday'] as const).map((day) => {
    const h = hours[day]
    if (h.closed) return `${LABELS[day]}: Closed`
    const opens = day === 'saturday' ? (hours.saturday.footerOpens ?? h.opens) : h.opens
    return `${LABELS[day]}: ${shortTime(opens)} - ${shortTime(h.closes)}`
  })
}

const SCHEMA_DAYS: Record<Day, string[]> = {
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  saturday: ['Saturday'],
  sunday: ['Sunday'],
}

// With the contact card's hours (never the footer's Saturday reading).
export function openingHoursSpecification(hours: BusinessHours) {
  return (['weekdays', 'saturday', 'sunday'] as const)
    .filter((day) => !hours[day].closed)
    .map((day) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: SCHEMA_DAYS[day],
      opens: hours[day].opens,
      closes: hours[day].closes,
    }))
}

type Stored<T> = { [K in keyof T]?: T[K] | null }
export type StoredBusinessHours = {
  weekdays?: Stored<DayHours> | null
  saturday?: Stored<SaturdayHours> | null
  sunday?: Stored<DayHours> | null
}

function storedDay(stored: Stored<DayHours> | null | undefined, fallback: DayHours): DayHours {
  const { opens, closes } = stored ?? {}
  const valid = isTime(opens) && isTime(closes) && closes > opens
  if (stored?.closed)
    return {
      closed: true,
      ...(valid ? { opens, closes } : { opens: fallback.opens, closes: fallback.closes }),
    }
  // An open day whose times are missing or out of order reads as the default day, as a whole.
  return valid ? { closed: false, opens, closes } : fallback
}

export function businessHours(stored: StoredBusinessHours | null | undefined): BusinessHours {
  const d = DEFAULT_HOURS
  const saturday = storedDay(stored?.saturday, d.saturday)
  // Only an empty value the owner saved turns the footer's reading off; none saved is the default.
  const footerOpens =
    stored?.saturday?.footerOpens === undefined ? d.saturday.footerOpens : stored.saturday.footerOpens
  return {
    weekdays: storedDay(stored?.weekdays, d.weekdays),
    saturday: {
      ...saturday,
      footerOpens: isTime(footerOpens) && footerOpens < saturday.closes ? footerOpens : null,
    },
    sunday: storedDay(stored?.sunday, d.sunday),
  }
}
