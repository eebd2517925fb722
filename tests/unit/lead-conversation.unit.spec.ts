import { describe, expect, it } from 'vitest'

import { timelineOf } from '@/lib/lead-events'
import { textDeliveryText } from '@/lib/text-messages'

// The texts with a customer on the lead's timeline: in and out, newest first, an outgoing one
// with its delivery, a failed one with why in plain words (the carriers' codes before their
// messages, which are for engineers).
describe("a lead's conversation", () => {
  it('says how an outgoing text is doing, and why a failed one failed', () => {
    expect(textDeliveryText('queued')).toEqual({ label: 'Queued', failed: false })
    expect(textDeliveryText('sent')).toEqual({ label: 'Sent', failed: false })
    expect(textDeliveryText('delivered')).toEqual({ label: 'Delivered', failed: false })
    expect(textDeliveryText('failed', 21610, 'Attempt to send to unsubscribed recipient')).toEqual({
      label: 'Failed: the customer has opted out (texted STOP) (error 21610)',
      failed: true,
    })
    expect(textDeliveryText('undelivered', 30007)).toEqual({
      label: 'Undelivered: filtered by the carrier as spam (error 30007)',
      failed: true,
    })
    // A code we have no words for: the provider's message, else the code alone.
    expect(textDeliveryText('failed', 30099, 'Unknown error')).toMatchObject({
      label: 'Failed: Unknown error (error 30099)',
    })
    expect(textDeliveryText('undelivered', null)).toMatchObject({ label: 'Undelivered: no reason given' })
  })

  it('sits among the events, newest first, the request last', () => {
    const entries = timelineOf(
      { createdAt: '2026-11-01T10:00:00.000Z', source: 'Text', promo: null },
      [{ kind: 'note', text: 'Called back', by: 'owner@example.com', at: '2026-11-01T10:30:00.000Z' }],
      [
        { direction: 'in', body: 'My rim', status: 'received', photos: 2, at: '2026-11-01T10:00:01.000Z' },
        { direction: 'out', body: 'On it', status: 'delivered', at: '2026-11-01T10:20:00.000Z' },
        {
          direction: 'out',
          body: 'Thursday?',
          status: 'undelivered',
          errorCode: 30003,
          at: '2026-11-01T11:00:00.000Z',
        },
        { direction: 'in', body: 'Thanks', status: 'received', photos: 0, at: '2026-11-01T10:25:00.000Z' },
      ],
    )
    expect(entries.map((e) => [e.title, e.detail, e.text?.state ?? null])).toEqual([
      ['Text sent', 'Thursday?', 'Undelivered: the phone is off or out of reach (error 30003)'],
      ['Note', 'Called back', null],
      ['Text received', 'Thanks', null],
      ['Text sent', 'On it', 'Delivered'],
      ['Text received', 'My rim', 'With 2 photos'],
      ['Request received', 'From Text', null],
    ])
  })
})
