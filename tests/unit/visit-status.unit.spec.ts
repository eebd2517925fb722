import { describe, expect, it } from 'vitest'

import { leadVisit, VISIT_STATUS_LABELS, visitStatus } from '@/lib/visit-status'

const NOW = new Date('2026-11-22T16:00:00Z')

describe("a lead's visit", () => {
  it('is upcoming from now on, past before, cancelled whenever it was cancelled', () => {
    expect(visitStatus({ start: '2026-11-22T16:00:00Z' }, NOW)).toBe('upcoming')
    expect(visitStatus({ start: '2026-11-22T15:59:00Z', cancelledAt: null }, NOW)).toBe('past')
    expect(visitStatus({ start: '2026-11-30T16:00:00Z', cancelledAt: '2026-11-20T10:00:00Z' }, NOW)).toBe(
      'cancelled',
    )
    expect(Object.values(VISIT_STATUS_LABELS)).toEqual(['Upcoming', 'Past', 'Cancelled'])
  })

  it('is the one not cancelled, else the one cancelled last, else none', () => {
    const movedAway = { start: '2026-12-01T16:00:00Z', cancelledAt: '2026-11-20T10:00:00Z' }
    const live = { start: '2026-11-25T16:00:00Z', cancelledAt: null }
    const cancelledLast = { start: '2026-11-24T16:00:00Z', cancelledAt: '2026-11-21T10:00:00Z' }
    expect(leadVisit([movedAway, live, cancelledLast])).toBe(live)
    expect(leadVisit([movedAway, cancelledLast])).toBe(cancelledLast)
    expect(leadVisit([cancelledLast, movedAway])).toBe(cancelledLast)
    expect(leadVisit([])).toBeNull()
  })
})
