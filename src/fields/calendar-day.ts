import type { DateField, Field } from 'payload'

import { isCalendarDate } from '@/lib/calendar-day'

// A calendar day (a due date) is stored as that day's midnight UTC. Payload's date cell and
// picker show an instant in the browser's time zone, so in Austin a due date of Dec 2 read
// "Dec 1, 6:00 PM"; these components read and take the day itself.
export const CALENDAR_DAY_FIELD = '@/components/admin/calendar-day-field.client#CalendarDayField'
export const CALENDAR_DAY_CELL = '@/components/admin/calendar-day-cell#CalendarDayCell'

type DayOptions = Omit<DateField, 'type'>

/** A `date` field holding a day, not an instant: shown, typed and listed as that day. */
export function calendarDayField(options: DayOptions): Field {
  const { admin, validate } = options
  return {
    ...options,
    type: 'date',
    validate:
      validate ??
      ((value: unknown) =>
        value == null || value === '' || isCalendarDate(value) || 'This is a calendar day (YYYY-MM-DD).'),
    admin: {
      ...admin,
      date: { pickerAppearance: 'dayOnly', ...admin?.date },
      components: { Field: CALENDAR_DAY_FIELD, Cell: CALENDAR_DAY_CELL, ...admin?.components },
    },
  } as Field
}
