import { APIError } from 'payload'
import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'

import { spendPasswordCheckTime } from '@/server/patches/payload-password-hash'

import { cleanEmail } from './limitAuthAttempts'

export const CROSS_SITE_LOGIN = 'Sign-in requests from other sites are refused.'

function trustedOrigins(req: PayloadRequest): Set<string> {
  const origins = new Set<string>()
  for (const url of [req.payload.config.serverURL, ...req.payload.config.csrf, req.url]) {
    try {
      if (url) origins.add(new URL(url).origin)
    } catch {
      // Not a URL: trusts nothing.
    }
  }
  return origins
}

// Login CSRF. API clients that send neither Origin nor Sec-Fetch-Site still sign in.
export function isCrossSite(req: PayloadRequest): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = req.headers.get('origin')
  return origin !== null && !trustedOrigins(req).has(origin)
}

export const refuseCrossSiteLogin: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'login' && req.payloadAPI !== 'local' && isCrossSite(req)) {
    throw new APIError(CROSS_SITE_LOGIN, 403, {}, true)
  }
  return args
}

// An unknown e-mail takes as long as a wrong password, so timing does not reveal accounts.
export const hideUnknownAccounts: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = (args as { data?: { email?: unknown; password?: unknown } }).data
  const email = cleanEmail(data?.email)
  if (!email || typeof data?.password !== 'string') return args
  const found = await req.payload.db.findOne({
    collection: 'users',
    where: { email: { equals: email } },
    req,
  })
  if (!found) await spendPasswordCheckTime(data.password)
  return args
}
