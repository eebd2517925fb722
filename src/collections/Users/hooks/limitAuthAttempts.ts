import type { CollectionAfterLoginHook, CollectionBeforeOperationHook } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import {
  type RateLimitRule,
  addressKey,
  clientAddress,
  forgiveRateLimitHit,
  hitRateLimit,
  refuseRateLimited,
} from '@/server/rate-limit'

// The public doors of accounts, each limited per client address and per target e-mail
// address, in PostgreSQL so every instance counts together. Sign-ups and reset requests
// send e-mail to an address the caller chooses; logins guess passwords. Limits apply to
// every HTTP route to these operations (REST, GraphQL, the admin's own forms); the
// server's own code (Local API) and admins creating accounts are not limited.
type Door = { name: string; perAddress: RateLimitRule; perEmail: RateLimitRule; message: string }
const HOUR = 60 * 60

export const AUTH_DOORS: Record<'create' | 'login' | 'forgotPassword', Door> = {
  create: {
    name: 'signup',
    perAddress: { max: 5, windowSeconds: HOUR },
    perEmail: { max: 3, windowSeconds: HOUR },
    message: 'Too many sign-ups from this connection or for this e-mail address. Please try again later.',
  },
  // Only failed logins add up (a successful one is forgiven below); Payload's own
  // lockout stops guessing at one account after 5 failures, this stops one client
  // guessing across many accounts.
  login: {
    name: 'login',
    perAddress: { max: 20, windowSeconds: 15 * 60 },
    perEmail: { max: 10, windowSeconds: 15 * 60 },
    message: 'Too many sign-in attempts. Please try again in a few minutes.',
  },
  forgotPassword: {
    name: 'forgot',
    perAddress: { max: 5, windowSeconds: HOUR },
    perEmail: { max: 3, windowSeconds: HOUR },
    message: 'Too many password reset requests. Please try again later.',
  },
}

const LOGIN_KEYS = 'loginRateLimitKeys'

export const limitAuthAttempts: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!(operation in AUTH_DOORS) || req.payloadAPI === 'local') return args
  if (operation === 'create' && isAdmin(req.user)) return args
  const door = AUTH_DOORS[operation as keyof typeof AUTH_DOORS]
  const data = (args as { data?: { email?: unknown } }).data
  // Control characters (NUL among them) would make PostgreSQL refuse the key; the
  // operation itself refuses such an address as a 400 right after.
  const email =
    typeof data?.email === 'string'
      ? data.email
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .trim()
          .toLowerCase()
          .slice(0, 254)
      : ''
  const keys: [string, RateLimitRule][] = [
    [`${door.name}:address:${addressKey(clientAddress(req.headers))}`, door.perAddress],
  ]
  if (email) keys.push([`${door.name}:email:${email}`, door.perEmail])
  // Every key counts the attempt, refused or not.
  const results = await Promise.all(keys.map(([key, rule]) => hitRateLimit(req.payload, key, rule)))
  if (operation === 'login') req.context[LOGIN_KEYS] = keys.map(([key]) => key)
  const refused = results.filter((r) => !r.allowed)
  if (refused.length) {
    refuseRateLimited(req, door.message, Math.max(...refused.map((r) => r.retryAfterSeconds)))
  }
  return args
}

export const forgiveSuccessfulLogin: CollectionAfterLoginHook = async ({ req }) => {
  const keys = req.context[LOGIN_KEYS] as string[] | undefined
  if (!keys) return
  delete req.context[LOGIN_KEYS]
  await Promise.all(keys.map((key) => forgiveRateLimitHit(req.payload, key)))
}
