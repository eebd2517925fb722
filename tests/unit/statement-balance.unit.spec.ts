import { describe, expect, it } from 'vitest'

import { statementBalanceCents, statementState } from '@/lib/statement-balance'

// A statement's state for the owner and the partner: paid once nothing is left, overdue while
// anything is left after its due day (net terms after the business day it was issued), else
// unpaid or part paid.

const ZONE = 'America/Chicago'
// 30 November 2026, 11 pm in Chicago: already 1 December in UTC. Net 30: due 30 December.
const issued = { totalCents: 41_300, issuedAt: '2026-12-01T05:00:00.000Z', netTermsDays: 30 }

describe('statementState', () => {
  it('is unpaid, then part paid, then paid, until the due day', () => {
    expect(statementState({ ...issued, paidCents: 0 }, '2026-12-30', ZONE)).toBe('unpaid')
    expect(statementState({ ...issued, paidCents: 100 }, '2026-12-30', ZONE)).toBe('part_paid')
    expect(statementState({ ...issued, paidCents: 41_300 }, '2026-12-30', ZONE)).toBe('paid')
  })

  it('is overdue from the day after the due day, unpaid or part paid, in the business’s days', () => {
    expect(statementState({ ...issued, paidCents: 0 }, '2026-12-31', ZONE)).toBe('overdue')
    expect(statementState({ ...issued, paidCents: 41_299 }, '2026-12-31', ZONE)).toBe('overdue')
    expect(statementState({ ...issued, paidCents: 41_300 }, '2027-03-01', ZONE)).toBe('paid')
    // Read in UTC it would have been issued on 1 December, and due a day later.
    expect(statementState({ ...issued, paidCents: 0 }, '2026-12-31', 'UTC')).toBe('unpaid')
  })

  it('is paid when credits leave nothing to pay', () => {
    expect(statementState({ ...issued, totalCents: 0, paidCents: 0 }, '2027-06-01', ZONE)).toBe('paid')
    expect(statementBalanceCents({ totalCents: 41_300, paidCents: null })).toBe(41_300)
  })
})
