import { describe, expect, it } from 'vitest'

import { LEAD_STATUSES, leadStatusChangeError, nextLeadStatus } from '@/lib/lead-status'

describe('lead status', () => {
  it('moves one step forward at a time and stops at completed', () => {
    expect(nextLeadStatus('new')).toBe('contacted')
    expect(nextLeadStatus('contacted')).toBe('quoted')
    expect(nextLeadStatus('quoted')).toBe('completed')
    expect(nextLeadStatus('completed')).toBeNull()
  })

  it('allows exactly the next step or no change', () => {
    for (const [i, from] of LEAD_STATUSES.entries()) {
      for (const [j, to] of LEAD_STATUSES.entries()) {
        const allowed = j === i || j === i + 1
        expect(leadStatusChangeError(from, to) === null, `${from} -> ${to}`).toBe(allowed)
      }
    }
  })

  it('explains a refused change with the allowed next status', () => {
    expect(leadStatusChangeError('new', 'quoted')).toBe(
      `A lead's status can only move one step forward: from "new" the next status is "contacted".`,
    )
    expect(leadStatusChangeError('completed', 'new')).toBe(
      `This lead is already "completed"; its status cannot change any more.`,
    )
    expect(leadStatusChangeError('new', 'archived')).toBe('Unknown lead status "archived".')
  })
})
