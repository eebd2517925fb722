import type { BusinessHours, DayHours } from '@/lib/business-hours'
import { wallTime, zonedTime } from '@/lib/business-time'

// When the van can come: slots cut from the business hours of each day, in the business's
// time zone (so a daylight-saving change moves nothing on the wall clock), minus the places
// already booked and the times the owner blocked.

export type SlotRules = {
  hours: BusinessHours
  timeZone: string
  slotMinutes: number
  vans: number
  daysAhead: number
  noticeMinutes: number
}

export const DEFAULT_SLOT_RULES = { slotMinutes: 120, vans: 1, daysAhead: 14, noticeMinutes: 120 } as const

export type Slot = { start: string; end: string; free: number }
export type Span = { start: string | Date; end: string | Date }

function hoursOn(hours: BusinessHours, weekday: number): DayHours {
  if (weekday === 0) return hours.sunday
  if (weekday === 6) return hours.saturday
  return hours.weekdays
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number)
  return h * 60 + m
}

/** Open slots from now to the last day ahead, earliest first. `booked` counts visits per start. */
export function visitSlots(
  rules: SlotRules,
  now: Date,
  booked: Map<string, number> = new Map(),
  blocked: Span[] = [],
): Slot[] {
  const today = wallTime(now, rules.timeZone)
  const earliest = now.getTime() + rules.noticeMinutes * 60_000
  const blocks = blocked.map((b) => [new Date(b.start).getTime(), new Date(b.end).getTime()])
  const slots: Slot[] = []
  for (let offset = 0; offset <= rules.daysAhead; offset++) {
    // Noon never falls in a daylight-saving gap: the day's weekday and date, safely.
    const day = wallTime(
      zonedTime(rules.timeZone, today.year, today.month, today.day + offset, 12),
      rules.timeZone,
    )
    const open = hoursOn(rules.hours, day.weekday)
    if (open.closed) continue
    const closes = minutesOf(open.closes)
    for (let at = minutesOf(open.opens); at + rules.slotMinutes <= closes; at += rules.slotMinutes) {
      const start = zonedTime(rules.timeZone, day.year, day.month, day.day, 0, at)
      const end = zonedTime(rules.timeZone, day.year, day.month, day.day, 0, at + rules.slotMinutes)
      if (start.getTime() < earliest) continue
      if (blocks.some(([from, to]) => from < end.getTime() && to > start.getTime())) continue
      const free = rules.vans - (booked.get(start.toISOString()) ?? 0)
      if (free > 0) slots.push({ start: start.toISOString(), end: end.toISOString(), free })
    }
  }
  return slots
}

/** Whether a start time is one the rules offer at all (taken or not). */
export function isSlotStart(rules: SlotRules, now: Date, start: string, blocked: Span[] = []): boolean {
  return visitSlots({ ...rules, vans: Number.MAX_SAFE_INTEGER }, now, new Map(), blocked).some(
    (s) => s.start === start,
  )
}

// How the customer's page names a slot: its day as a heading, its time as a choice.
export const slotDayLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  )

export const slotTimeLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

export type SlotDay = { key: string; label: string; slots: Slot[] }

/** Slots by their day in the business time zone (not the server's or UTC's), in order. */
export function slotDays(slots: Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, Slot[]>()
  for (const slot of slots) {
    const w = wallTime(new Date(slot.start), timeZone)
    const key = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`
    days.set(key, [...(days.get(key) ?? []), slot])
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, day]) => ({
      key,
      label: slotDayLabel(day[0].start, timeZone),
      slots: [...day].sort((a, b) => (a.start < b.start ? -1 : 1)),
    }))
}
