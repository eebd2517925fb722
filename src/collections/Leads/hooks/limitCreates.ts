import type { CollectionBeforeOperationHook } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import {
  RATE_LIMITED_MESSAGE,
  clientAddress,
  hitQuoteRateLimit,
  isRateLimitedCaller,
  refuseRateLimited,
} from '@/server/rate-limit'

// REST and GraphQL creates from the public count against the same per-client limit as the
// quote forms. The quote endpoint counts its own submissions before any work and says so
// in the context, so one submission is one hit.
export const limitCreates: CollectionBeforeOperationHook = async ({ operation, req }) => {
  if (operation !== 'create') return
  if (req.context?.quoteRateLimitCounted) return
  if (!isRateLimitedCaller(req, isApprovedStaff(req.user))) return
  const { allowed, retryAfterSeconds } = await hitQuoteRateLimit(req.payload, clientAddress(req.headers))
  if (!allowed) refuseRateLimited(req, RATE_LIMITED_MESSAGE, retryAfterSeconds)
}
