import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Payload, PayloadRequest } from 'payload'

import { businessHours } from '@/lib/business-hours'
import { businessTimeZone, formatBusinessDate, wallTime, zonedTime } from '@/lib/business-time'
import { type ClosedToVisits, closedToVisits } from '@/lib/lead-status'
import { ADDRESS_MAX } from '@/lib/request-constants'
import { visitAddressSchema } from '@/lib/request-schema'
import { zipList } from '@/lib/service-area'
import {
  DEFAULT_SLOT_RULES,
  isSlotStart,
  type Slot,
  type SlotRules,
  type Span,
  visitSlots,
} from '@/lib/visit-slots'
import { dbOf } from '@/server/db'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { type Reach, customerReach } from '@/collections/TextMessages/customerTexts'

export type BookingSettings = SlotRules & { serviceZips: string[]; tripFee: number | null; blocked: Span[] }

export async function bookingSettings(payload: Payload): Promise<BookingSettings> {
  const s = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const b = s.booking ?? {}
  return {
    hours: businessHours(s.hours),
    timeZone: businessTimeZone(s.timeZone),
    slotMinutes: Number(b.slotMinutes) || DEFAULT_SLOT_RULES.slotMinutes,
    vans: b.vans || DEFAULT_SLOT_RULES.vans,
    daysAhead: b.daysAhead || DEFAULT_SLOT_RULES.daysAhead,
    noticeMinutes: (b.noticeHours ?? DEFAULT_SLOT_RULES.noticeMinutes / 60) * 60,
    serviceZips: zipList(b.serviceZips),
    tripFee: b.tripFee ?? null,
    blocked: (b.blockedTimes ?? []).map((t) => ({ start: t.from, end: t.until })),
  }
}

/** Live visits per start, from now on. */
async function bookedPlaces(payload: Payload): Promise<Map<string, number>> {
  const db = await dbOf(payload)
  const result = (await db.execute(sql`
    SELECT start, count(*)::int AS n FROM visits
    WHERE cancelled_at IS NULL AND start >= now() GROUP BY start`)) as unknown as {
    rows: { start: string | Date; n: number }[]
  }
  return new Map(result.rows.map((r) => [new Date(r.start).toISOString(), Number(r.n)]))
}

export async function openSlots(payload: Payload, now = new Date()): Promise<Slot[]> {
  const settings = await bookingSettings(payload)
  return visitSlots(settings, now, await bookedPlaces(payload), settings.blocked)
}

export type BookingRefusal =
  'not_offered' | 'taken' | 'too_late' | 'address_needed' | 'address_invalid' | ClosedToVisits
export type Booking = { ok: true; visit: number } | { ok: false; reason: BookingRefusal }

// What staff are told (the customer's page has its own words, src/lib/visit-messages.ts).
export const BOOKING_MESSAGES: Record<BookingRefusal, string> = {
  not_offered: 'That time is not offered. Please pick one of the times shown.',
  taken: 'Sorry, that time was just taken. Please pick another.',
  too_late: 'This visit has begun or taken place; it cannot be moved.',
  address_needed: 'Enter the street address the van goes to, then book.',
  address_invalid: `Enter the street address in at most ${ADDRESS_MAX} characters, on one line.`,
  lead_lost: 'This lead is closed as lost: reopen it before booking a visit.',
  lead_completed: 'This lead is completed: a visit is booked only for a lead still open.',
}

type BookingInput = {
  lead: number
  quote: number | null
  start: string
  // Typed in the booking form: saved on the lead with the visit. Without it, the lead's own.
  address?: string | null
  by: 'customer' | 'staff'
  user?: number
}

// Runs `work` in the request's transaction and commits only when it did what was asked: a
// move whose new place was taken keeps the old visit.
export async function inTransaction<T>(
  req: PayloadRequest,
  work: () => Promise<T>,
  keep: (result: T) => boolean,
) {
  const own = await initTransaction(req)
  try {
    const result = await work()
    if (own) {
      if (keep(result)) await commitTransaction(req)
      else await killTransaction(req)
    }
    return result
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}

// Each van's place in the slot is tried in turn; the unique index decides between racing
// bookings, so the last place goes to exactly one of them. The lead's live visit is cancelled
// in the same transaction (a move): if the new place is not had, the old one stays.
// The settings are read before the transaction: inside it, every query must use its connection,
// or racing bookings that wait on each other's rows could hold the whole pool.
export async function bookVisit(
  req: PayloadRequest,
  settings: BookingSettings,
  input: BookingInput,
): Promise<Booking> {
  const { payload } = req
  const start = new Date(input.start)
  if (
    Number.isNaN(start.getTime()) ||
    !isSlotStart(settings, new Date(), start.toISOString(), settings.blocked)
  ) {
    return { ok: false, reason: 'not_offered' }
  }
  const typed = input.address?.trim() ? visitAddressSchema.safeParse(input.address) : null
  if (typed && !typed.success) return { ok: false, reason: 'address_invalid' }
  const end = new Date(start.getTime() + settings.slotMinutes * 60_000)
  const db = await dbOf(payload, req)
  // A move is a cancellation of the live visit, by the same rule as one: a customer up to the
  // minimum notice, staff until it begins; a visit that took place is never moved.
  const notice = input.by === 'customer' ? settings.noticeMinutes : 0
  // Bookings of one lead one at a time: a second move then finds the visit the first made. The
  // lock also waits for a closing of the lead under way, so its outcome is the one read here.
  const lead = (await db.execute(
    sql`SELECT address, status, lost_reason FROM leads WHERE id = ${input.lead} FOR UPDATE`,
  )) as unknown as { rows: { address: string | null; status: string | null; lost_reason: string | null }[] }
  const closed =
    lead.rows[0] && closedToVisits({ status: lead.rows[0].status, lostReason: lead.rows[0].lost_reason })
  if (closed) return { ok: false, reason: closed }
  const live = (await db.execute(sql`
    SELECT id, start > now() + ${`${notice} minutes`}::interval AS movable FROM visits
    WHERE lead_id = ${input.lead} AND cancelled_at IS NULL FOR UPDATE`)) as unknown as {
    rows: { id: number | string; movable: boolean }[]
  }
  const current = live.rows[0]
  if (current && !current.movable) return { ok: false, reason: 'too_late' }
  // The van goes to a place: no visit without one. Saved in this transaction, so a refused
  // booking leaves the lead as it was.
  if (typed?.success) {
    if (typed.data !== lead.rows[0]?.address) {
      await db.execute(
        sql`UPDATE leads SET address = ${typed.data}, updated_at = now() WHERE id = ${input.lead}`,
      )
    }
  } else if (!lead.rows[0]?.address?.trim()) {
    return { ok: false, reason: 'address_needed' }
  }
  if (current) {
    await db.execute(sql`
      UPDATE visits SET cancelled_at = now(), updated_at = now() WHERE id = ${current.id}`)
  }
  const byCustomer = input.by === 'customer' ? ' by the customer' : ''
  for (let van = 1; van <= settings.vans; van++) {
    const result = (await db.execute(sql`
      INSERT INTO visits (lead_id, quote_id, start, "end", van, booked_by, created_at, updated_at)
      VALUES (${input.lead}, ${input.quote}, ${start.toISOString()}, ${end.toISOString()}, ${van},
        ${input.by}, now(), now())
      ON CONFLICT DO NOTHING
      RETURNING id`)) as unknown as { rows: { id: number | string }[] }
    const id = result.rows[0]?.id
    if (id != null) {
      // In words: "Visit moved · to Tue, Dec 1, 10:00 AM by the customer".
      const when = formatBusinessDate(start, settings.timeZone)
      await recordLeadEvent(payload, req, {
        lead: input.lead,
        kind: current ? 'visit_moved' : 'visit_booked',
        text: current ? `to ${when}${byCustomer}` : `${when}${byCustomer}`,
        by: input.user ?? null,
      })
      await payload.jobs.queue({
        task: 'sendVisitConfirmation',
        input: { visitId: Number(id), moved: Boolean(current) },
        req,
      })
      // What the customer does from their link, the business hears of at once.
      if (input.by === 'customer') {
        await payload.jobs.queue({
          task: 'sendVisitNotice',
          input: { visitId: Number(id), change: current ? 'moved' : 'booked' },
          req,
        })
      }
      // The day before; a visit booked for within a day has its confirmation fresh in mind.
      const reminderAt = new Date(start.getTime() - 24 * 60 * 60 * 1000)
      if (reminderAt > new Date()) {
        await payload.jobs.queue({
          task: 'sendVisitReminder',
          input: { visitId: Number(id) },
          waitUntil: reminderAt,
          req,
        })
      }
      return { ok: true, visit: Number(id) }
    }
  }
  return { ok: false, reason: 'taken' }
}

/** Cancels a live visit; a customer only up to the minimum notice. Null when nothing changed. */
export async function cancelVisit(
  req: PayloadRequest,
  settings: BookingSettings,
  where: { visit: number } | { lead: number },
  options: { byCustomer: boolean; user?: number; why?: string },
): Promise<number | null> {
  const { payload } = req
  const db = await dbOf(payload, req)
  const target = 'visit' in where ? sql`id = ${where.visit}` : sql`lead_id = ${where.lead}`
  const notice = options.byCustomer ? settings.noticeMinutes : 0
  const result = (await db.execute(sql`
    UPDATE visits SET cancelled_at = now(), updated_at = now()
    WHERE ${target} AND cancelled_at IS NULL
      AND start > now() + ${`${notice} minutes`}::interval
    RETURNING id, lead_id`)) as unknown as { rows: { id: number | string; lead_id: number | string }[] }
  const row = result.rows[0]
  if (!row) return null
  await recordLeadEvent(payload, req, {
    lead: Number(row.lead_id),
    kind: 'visit_cancelled',
    text: options.byCustomer ? 'By the customer' : (options.why ?? null),
    by: options.user ?? null,
  })
  // The customer's calendar event is cancelled too (a move instead updates it).
  await payload.jobs.queue({ task: 'sendVisitCancellation', input: { visitId: Number(row.id) }, req })
  if (options.byCustomer) {
    await payload.jobs.queue({
      task: 'sendVisitNotice',
      input: { visitId: Number(row.id), change: 'cancelled' },
      req,
    })
  }
  return Number(row.id)
}

/** The lead's street address, for the booking form to show (null when the customer gave none). */
export async function addressOfLead(payload: Payload, lead: number): Promise<string | null> {
  const found = await payload.findByID({
    collection: 'leads',
    id: lead,
    depth: 0,
    select: { address: true },
    overrideAccess: true,
    disableErrors: true,
  })
  return found?.address || null
}

/** How a booking's confirmation reaches the lead's customer (e-mail, text, both, neither). */
export async function reachOfLead(payload: Payload, lead: number): Promise<Reach> {
  const found = await payload.findByID({
    collection: 'leads',
    id: lead,
    depth: 0,
    select: { phone: true, email: true, textConsentAt: true, erasedAt: true },
    overrideAccess: true,
    disableErrors: true,
  })
  return found ? customerReach(payload, { ...found, id: lead, phone: found.phone ?? '' }) : 'none'
}

/** The lead's live visit when it has not begun yet, in the caller's transaction when it has one. */
// The start of tomorrow in the business's time zone: a visit before it is today's (or past).
async function startOfTomorrow(payload: Payload, req: Partial<PayloadRequest> | undefined): Promise<Date> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req })
  const timeZone = businessTimeZone(settings.timeZone)
  const today = wallTime(new Date(), timeZone)
  return zonedTime(timeZone, today.year, today.month, today.day + 1)
}

/** The lead's visit on a later day than today, not cancelled nor done: completing the job asks first. */
export async function upcomingVisitOf(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  lead: number,
): Promise<{ id: number; start: string } | null> {
  const tomorrow = await startOfTomorrow(payload, req)
  const db = await dbOf(payload, req)
  const { rows } = (await db.execute(sql`
    SELECT id, start FROM visits
    WHERE lead_id = ${lead} AND cancelled_at IS NULL AND done_at IS NULL AND start >= ${tomorrow.toISOString()}
    LIMIT 1`)) as unknown as { rows: { id: number | string; start: string | Date }[] }
  return rows[0] ? { id: Number(rows[0].id), start: new Date(rows[0].start).toISOString() } : null
}

/**
 * The job completed: its visit today (or one that has begun) is done, never cancelled, and the
 * customer is told nothing. In the caller's transaction; the visit's id when one was marked.
 */
export async function markVisitDone(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  lead: number,
): Promise<number | null> {
  const tomorrow = await startOfTomorrow(payload, req)
  const db = await dbOf(payload, req)
  const { rows } = (await db.execute(sql`
    UPDATE visits SET done_at = now(), updated_at = now()
    WHERE lead_id = ${lead} AND cancelled_at IS NULL AND done_at IS NULL AND start < ${tomorrow.toISOString()}
    RETURNING id`)) as unknown as { rows: { id: number | string }[] }
  if (!rows[0]) return null
  await recordLeadEvent(payload, req, { lead, kind: 'visit_done', text: 'The job was marked completed' })
  return Number(rows[0].id)
}

export async function liveVisitOfLead(payload: Payload, lead: number) {
  const { docs } = await payload.find({
    collection: 'visits',
    where: { and: [{ lead: { equals: lead } }, { cancelledAt: { exists: false } }] },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] ?? null
}
