import { APIError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

import { isCrossSite } from '@/server/cross-site'
import { spendPasswordCheckTime } from '@/server/patches/payload-password-hash'

import { cleanEmail } from './limitAuthAttempts'

export const CROSS_SITE_LOGIN = 'Sign-in requests from other sites are refused.'

// Login CSRF.
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
