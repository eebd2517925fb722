const DAY = /^\d{4}-\d{2}-\d{2}$/

// A day PostgreSQL takes as a date: Date.parse('2026-02-30') is a number (March 2), year 0
// is no date at all and a five-digit year is stored as "+099999-…"; all three are refused.
export function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`)
  return (
    DAY.test(day) && day >= '0001-01-01' && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day)
  )
}

/** A date field's value (a day, or an instant as the admin's picker sends it) on a calendar day. */
export function isCalendarDate(value: unknown): boolean {
  if (value instanceof Date)
    return !Number.isNaN(value.getTime()) && isCalendarDay(value.toISOString().slice(0, 10))
  if (typeof value !== 'string') return false
  const instant = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value)
  return Boolean(instant) && isCalendarDay(instant![1]) && !Number.isNaN(Date.parse(value))
}
