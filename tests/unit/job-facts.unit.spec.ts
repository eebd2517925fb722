import { describe, expect, it } from 'vitest'

import { formatShortWhen } from '@/lib/business-time'
import { jobFacts, type JobFactsInput } from '@/lib/job-facts'

const ZONE = 'America/Chicago'
// Sunday 29 November 2026, 09:00 in Austin (15:00 UTC).
const NOW = new Date('2026-11-29T15:00:00Z')
const NOTHING: JobFactsInput = { quoteStatus: null, depositCents: 0, visits: [], invoices: [] }
const labels = (input: Partial<JobFactsInput>) =>
  jobFacts({ ...NOTHING, ...input }, ZONE, NOW).map((f) => f.label)

describe("a job's facts beside its status", () => {
  it('are none for a new lead, or a quote only sent', () => {
    expect(labels({})).toEqual([])
    expect(labels({ quoteStatus: 'sent' })).toEqual([])
  })

  it('follow the job in its order: accepted, deposit, visit, confirmed, owed', () => {
    expect(
      labels({
        quoteStatus: 'accepted',
        depositCents: 5_000,
        // Tuesday 1 December, 10:00 in Austin.
        visits: [{ start: '2026-12-01T16:00:00Z', confirmedAt: '2026-11-29T14:00:00Z' }],
        invoices: [{ status: 'part_paid', balanceCents: 20_000 }],
      }),
    ).toEqual(['Accepted', 'Deposit paid', 'Visit Tue 10:00', 'Confirmed', 'Owes $200'])
  })

  it('name the next visit in business time, today even once begun, by date from a week ahead', () => {
    expect(
      labels({
        visits: [
          { start: '2026-12-10T20:30:00Z' },
          // Today 08:00 in Austin: begun, not done.
          { start: '2026-11-29T14:00:00Z' },
        ],
      }),
    ).toEqual(['Visit Sun 08:00'])
    expect(labels({ visits: [{ start: '2026-12-10T20:30:00Z' }] })).toEqual(['Visit Dec 10 14:30'])
  })

  it('leave out a visit cancelled, done or from an earlier day, and its confirmation', () => {
    const confirmedAt = '2026-11-20T10:00:00Z'
    expect(
      labels({
        visits: [
          { start: '2026-12-01T16:00:00Z', cancelledAt: '2026-11-28T10:00:00Z', confirmedAt },
          { start: '2026-11-29T14:00:00Z', doneAt: '2026-11-29T14:50:00Z', confirmedAt },
          { start: '2026-11-28T16:00:00Z', confirmedAt },
        ],
      }),
    ).toEqual([])
  })

  it('count only sent invoices: a draft or a void one owes nothing', () => {
    expect(labels({ invoices: [{ status: 'draft', balanceCents: 30_000 }] })).toEqual([])
    expect(labels({ invoices: [{ status: 'void', balanceCents: 30_000 }] })).toEqual([])
  })

  it('add up what sent invoices still owe, in dollars', () => {
    expect(
      labels({
        invoices: [
          { status: 'sent', balanceCents: 12_550 },
          { status: 'part_paid', balanceCents: 10_000 },
          { status: 'paid', balanceCents: 0 },
        ],
      }),
    ).toEqual(['Owes $225.50'])
  })

  it('say Paid once every sent invoice is paid', () => {
    expect(
      labels({
        quoteStatus: 'accepted',
        depositCents: 5_000,
        visits: [{ start: '2026-11-29T14:00:00Z', doneAt: '2026-11-29T14:50:00Z' }],
        invoices: [
          { status: 'paid', balanceCents: 0 },
          { status: 'draft', balanceCents: 4_000 },
        ],
      }),
    ).toEqual(['Accepted', 'Deposit paid', 'Paid'])
  })
})

describe('a short time in the business zone', () => {
  it('is the weekday and 24-hour time within the week, across a zone change', () => {
    expect(formatShortWhen('2026-12-01T16:00:00Z', ZONE, NOW)).toBe('Tue 10:00')
    expect(formatShortWhen('2026-12-05T23:05:00Z', ZONE, NOW)).toBe('Sat 17:05')
    // 04:30 UTC is still the evening before in Austin.
    expect(formatShortWhen('2026-11-30T04:30:00Z', ZONE, NOW)).toBe('Sun 22:30')
  })

  it('is the date from seven days ahead', () => {
    expect(formatShortWhen('2026-12-06T16:00:00Z', ZONE, NOW)).toBe('Dec 6 10:00')
  })
})
