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

// Failed logins count per e-mail *and* client, so a stranger's guesses never lock the owner
// out from her own phone. The Local API and admins creating accounts are not limited.
type Door = { name: string; perAddress: RateLimitRule; perEmail: RateLimitRule; message: string }
const HOUR = 60 * 60

export const AUTH_DOORS: Record<'create' | 'login' | 'forgotPassword', Door> = {
  create: {
    name: 'signup',
    perAddress: { max: 5, windowSeconds: HOUR },
    perEmail: { max: 3, windowSeconds: HOUR },
    message: 'Too many sign-ups from this connection or for this e-mail address. Please try again later.',
  },
  login: {
    name: 'login',
    perAddress: { max: 20, windowSeconds: 15 * 60 },
    perEmail: { max: 5, windowSeconds: 15 * 60 },
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

// Control characters would make PostgreSQL refuse the key; the operation then refuses the
// address with a 400.
export const cleanEmail = (value: unknown): string =>
  typeof value === 'string'
    ? value
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .toLowerCase()
        .slice(0, 254)
    : ''

export const limitAuthAttempts: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!(operation in AUTH_DOORS) || req.payloadAPI === 'local') return args
  if (operation === 'create' && isAdmin(req.user)) return args
  const door = AUTH_DOORS[operation as keyof typeof AUTH_DOORS]
  const email = cleanEmail((args as { data?: { email?: unknown } }).data?.email)
  const client = addressKey(clientAddress(req.headers))
  const keys: [string, RateLimitRule][] = [[`${door.name}:address:${client}`, door.perAddress]]
  if (email) {
    const key = operation === 'login' ? `login:email:${email}:${client}` : `${door.name}:email:${email}`
    keys.push([key, door.perEmail])
  }
  // Every key counts the attempt, refused or not.
  const results = await Promise.all(keys.map(([key, rule]) => hitRateLimit(req.payload, key, rule)))
  if (operation === 'login') req.context[LOGIN_KEYS] = keys
  const refused = results.filter((r) => !r.allowed)
  if (refused.length) {
    refuseRateLimited(req, door.message, Math.max(...refused.map((r) => r.retryAfterSeconds)))
  }
  return args
}

export const forgiveSuccessfulLogin: CollectionAfterLoginHook = async ({ req }) => {
  const keys = req.context[LOGIN_KEYS] as [string, RateLimitRule][] | undefined
  if (!keys) return
  delete req.context[LOGIN_KEYS]
  await Promise.all(keys.map(([key, rule]) => forgiveRateLimitHit(req.payload, key, rule)))
}
