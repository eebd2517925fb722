import { describe, expect, it } from 'vitest'

import { DEFAULT_HOURS } from '@/lib/business-hours'
import { zonedTime } from '@/lib/business-time'
import { isSlotStart, slotDays, type SlotRules, visitSlots } from '@/lib/visit-slots'

const TZ = 'America/Chicago'
const RULES: SlotRules = {
  hours: DEFAULT_HOURS,
  timeZone: TZ,
  slotMinutes: 120,
  vans: 1,
  daysAhead: 14,
  noticeMinutes: 120,
}
const at = (y: number, m: number, d: number, h = 0, min = 0) => zonedTime(TZ, y, m, d, h, min)
const startsOn = (slots: { start: string }[], y: number, m: number, d: number) =>
  slots
    .filter((s) => s.start >= at(y, m, d).toISOString() && s.start < at(y, m, d + 1).toISOString())
    .map((s) =>
      new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(s.start),
      ),
    )
    .map(Number)

describe('visitSlots', () => {
  // Sunday 2026-11-29, late evening: the week ahead from Monday.
  const sundayNight = at(2026, 11, 29, 22)

  it('cuts each open day into slots that fit before closing; closed days have none', () => {
    const slots = visitSlots(RULES, sundayNight)
    expect(startsOn(slots, 2026, 11, 30)).toEqual([8, 10, 12, 14, 16])
    // Saturday 9-16: 15:00 would end after closing.
    expect(startsOn(slots, 2026, 12, 5)).toEqual([9, 11, 13])
    expect(startsOn(slots, 2026, 12, 6)).toEqual([])
    expect(slots[0]).toEqual({
      start: at(2026, 11, 30, 8).toISOString(),
      end: at(2026, 11, 30, 10).toISOString(),
      free: 1,
    })
  })

  it('keeps the wall clock across a daylight-saving change', () => {
    // Chicago moves to CDT on Sunday 2027-03-14.
    const hours = { ...DEFAULT_HOURS, sunday: { closed: false, opens: '08:00', closes: '12:00' } }
    const slots = visitSlots({ ...RULES, hours }, at(2027, 3, 12, 6))
    expect(slots.find((s) => s.start.startsWith('2027-03-12'))?.start).toBe('2027-03-12T14:00:00.000Z')
    expect(startsOn(slots, 2027, 3, 14)).toEqual([8, 10])
    expect(slots.find((s) => s.start.startsWith('2027-03-14'))?.start).toBe('2027-03-14T13:00:00.000Z')
    expect(slots.find((s) => s.start.startsWith('2027-03-15'))?.start).toBe('2027-03-15T13:00:00.000Z')
    // And back to CST on Sunday 2026-11-01.
    const fall = visitSlots({ ...RULES, hours }, at(2026, 10, 31, 6))
    expect(fall.find((s) => s.start.startsWith('2026-11-01'))?.start).toBe('2026-11-01T14:00:00.000Z')
  })

  it('offers nothing sooner than the minimum notice', () => {
    const slots = visitSlots(RULES, at(2026, 11, 30, 9, 30))
    expect(startsOn(slots, 2026, 11, 30)).toEqual([12, 14, 16])
    expect(
      startsOn(visitSlots({ ...RULES, noticeMinutes: 0 }, at(2026, 11, 30, 9, 30)), 2026, 11, 30),
    ).toEqual([10, 12, 14, 16])
  })

  it('leaves out the times the owner blocked', () => {
    const slots = visitSlots(RULES, sundayNight, new Map(), [
      { start: at(2026, 12, 1), end: at(2026, 12, 2) },
      { start: at(2026, 11, 30, 11), end: at(2026, 11, 30, 12, 30) },
    ])
    expect(startsOn(slots, 2026, 12, 1)).toEqual([])
    expect(startsOn(slots, 2026, 11, 30)).toEqual([8, 14, 16])
  })

  it('offers a slot while a van is free, with several vans', () => {
    const start = at(2026, 11, 30, 8).toISOString()
    const two = { ...RULES, vans: 2 }
    expect(visitSlots(two, sundayNight, new Map([[start, 1]]))[0]).toMatchObject({ start, free: 1 })
    expect(visitSlots(two, sundayNight, new Map([[start, 2]]))[0].start).not.toBe(start)
    expect(visitSlots(RULES, sundayNight, new Map([[start, 1]]))[0].start).not.toBe(start)
  })

  it('goes as far ahead as set, and knows its own starts', () => {
    const slots = visitSlots({ ...RULES, daysAhead: 2 }, sundayNight)
    expect(slots.at(-1)!.start).toBe(at(2026, 12, 1, 16).toISOString())
    expect(isSlotStart(RULES, sundayNight, at(2026, 11, 30, 10).toISOString())).toBe(true)
    expect(isSlotStart(RULES, sundayNight, at(2026, 11, 30, 11).toISOString())).toBe(false)
    expect(isSlotStart(RULES, sundayNight, at(2026, 12, 6, 10).toISOString())).toBe(false)
  })
})

describe('slotDays', () => {
  it("groups a fortnight's slots by their day in the business time zone, in order", () => {
    const slots = visitSlots(RULES, at(2026, 11, 29, 22))
    const days = slotDays(slots, TZ)
    // Mon-Fri 5 times, Saturday 3, Sunday closed: two weeks of it.
    expect(days.map((d) => d.slots.length)).toEqual([5, 5, 5, 5, 5, 3, 5, 5, 5, 5, 5, 3])
    expect(days.flatMap((d) => d.slots)).toEqual(slots)
    expect(days[0]).toMatchObject({ key: '2026-11-30', label: 'Monday, November 30' })
    expect(days[5]).toMatchObject({ key: '2026-12-05', label: 'Saturday, December 5' })
  })

  it("puts an evening slot on its own day, not UTC's next one, and sorts what it is given", () => {
    const evening = {
      start: at(2026, 12, 1, 19).toISOString(),
      end: at(2026, 12, 1, 21).toISOString(),
      free: 1,
    }
    const morning = {
      start: at(2026, 12, 1, 8).toISOString(),
      end: at(2026, 12, 1, 10).toISOString(),
      free: 1,
    }
    const next = { start: at(2026, 12, 2, 8).toISOString(), end: at(2026, 12, 2, 10).toISOString(), free: 1 }
    expect(evening.start.slice(0, 10)).toBe('2026-12-02')
    const days = slotDays([next, evening, morning], TZ)
    expect(days.map((d) => [d.label, d.slots.map((s) => s.start)])).toEqual([
      ['Tuesday, December 1', [morning.start, evening.start]],
      ['Wednesday, December 2', [next.start]],
    ])
    // The same instant is Wednesday in Tokyo.
    expect(slotDays([evening], 'Asia/Tokyo')[0].label).toBe('Wednesday, December 2')
    expect(slotDays([], TZ)).toEqual([])
  })
})
