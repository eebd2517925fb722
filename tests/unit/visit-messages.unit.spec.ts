import { describe, expect, it } from 'vitest'

import { isVisitOutcome, VISIT_OUTCOME_MESSAGES } from '@/lib/visit-messages'

describe("the quote page's visit outcome", () => {
  it('is one of the outcomes the page has words for', () => {
    for (const outcome of Object.keys(VISIT_OUTCOME_MESSAGES)) expect(isVisitOutcome(outcome)).toBe(true)
  })

  it('is never a name an object inherits, nor anything but a string', () => {
    for (const value of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', '', 'BOOKED', 1, null]) {
      expect(isVisitOutcome(value)).toBe(false)
    }
  })
})
