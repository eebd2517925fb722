import { createEvent } from 'ics'

type Invitation = {
  uid: string
  start: Date
  end: Date
  title: string
  description: string
  organizer: { name: string; email: string }
  url: string
}

// An .ics invitation with the times in UTC: every calendar shows them in its own zone, so a
// visit at 8 AM in Austin reads 8 AM there whatever the daylight-saving period.
export function visitInvitation(i: Invitation): string {
  const { error, value } = createEvent({
    uid: i.uid,
    start: i.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: i.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: i.title,
    description: i.description,
    organizer: i.organizer,
    url: i.url,
    status: 'CONFIRMED',
    productId: 'curbside-rim-co/visits',
  })
  if (error || !value) throw error ?? new Error('The calendar invitation could not be written.')
  return value
}
