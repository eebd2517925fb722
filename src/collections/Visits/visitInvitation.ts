import { createEvent } from 'ics'

import { foldByOctets } from '@/server/patches/ics-fold-octets'

type Invitation = {
  // One per lead: a move or a cancellation updates the event the customer already has.
  uid: string
  // Rises with every change, so calendars take the newest (RFC 5546).
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  start: Date
  end: Date
  title: string
  description: string
  // Where the van goes; `ics` escapes it as RFC 5545 TEXT (backslash, comma, semicolon, newline).
  location?: string | null
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
  url: string
}

// An .ics invitation with the times in UTC: every calendar shows them in its own zone, so a
// visit at 8 AM in Austin reads 8 AM there whatever the daylight-saving period.
export function visitInvitation(i: Invitation): string {
  const { error, value } = createEvent({
    uid: i.uid,
    sequence: i.sequence,
    method: i.method,
    start: i.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: i.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: i.title,
    description: i.description,
    // A lone CR would end the line: `ics` escapes only CRLF and LF.
    ...(i.location?.trim() ? { location: i.location.trim().replace(/\r\n?/g, '\n') } : {}),
    organizer: i.organizer,
    attendees: [{ ...i.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    url: i.url,
    status: i.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    productId: 'curbside-rim-co/visits',
  })
  if (error || !value) throw error ?? new Error('The calendar invitation could not be written.')
  return foldByOctets(value)
}

/** The calendar event of a lead's visits: every visit of one lead is one event, moved or cancelled. */
export const visitEventUid = (lead: number, host: string) => `visits-of-lead-${lead}@${host}`

/**
 * The SEQUENCE of a change to a lead's event: the lead's visits before this one each made two
 * changes (booked, then cancelled or moved away from), so it only ever rises.
 */
export const visitEventSequence = (visitsBefore: number, change: 'booked' | 'cancelled') =>
  2 * visitsBefore + (change === 'cancelled' ? 1 : 0)
