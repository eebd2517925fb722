import type { CollectionBeforeOperationHook } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import {
  RATE_LIMITED_MESSAGE,
  clientAddress,
  hitRequestRateLimit,
  isRateLimitedCaller,
  refuseRateLimited,
} from '@/server/rate-limit'

// Public REST and GraphQL creates share the request forms' per-client limit. The request endpoint
// counts its own submissions and says so in the context, so one submission is one hit.
export const limitCreates: CollectionBeforeOperationHook = async ({ operation, req }) => {
  if (operation !== 'create') return
  if (req.context?.requestRateLimitCounted) return
  if (!isRateLimitedCaller(req, isApprovedStaff(req.user))) return
  const { allowed, retryAfterSeconds } = await hitRequestRateLimit(req.payload, clientAddress(req.headers))
  if (!allowed) refuseRateLimited(req, RATE_LIMITED_MESSAGE, retryAfterSeconds)
}
