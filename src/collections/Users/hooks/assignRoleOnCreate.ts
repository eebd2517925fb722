import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { APIError } from 'payload'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { SETUP_TOKEN_HEADER } from '@/lib/setup-header'
import { isSetupToken } from '@/server/setup-token'

export const FIRST_ACCOUNT_NEEDS_TOKEN =
  "This site has no admin yet. Create the first account with the setup link printed in the server's log."

// Any constant key: it only has to be the same for every sign-up.
const FIRST_ACCOUNT_LOCK = 7_244_001

const countUsers = async (req: PayloadRequest) =>
  (await req.payload.count({ collection: 'users', overrideAccess: true, req })).totalDocs

// The first account becomes an approved admin (over HTTP only with the setup token from the
// server's log); later sign-ups wait for approval. The advisory lock stops two concurrent
// first sign-ups from both counting zero and both becoming admins.
export const assignRoleOnCreate: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  if ((await countUsers(req)) > 0) return data

  const adapter = req.payload.db as unknown as PostgresAdapter
  const transaction = req.transactionID ? adapter.sessions[await req.transactionID]?.db : undefined
  // Outside a transaction the lock would be released at once.
  if (!transaction) throw new Error('The first account must be created inside a transaction.')
  await transaction.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`)

  if ((await countUsers(req)) > 0) return data
  if (req.payloadAPI !== 'local' && !isSetupToken(req.payload.secret, req.headers.get(SETUP_TOKEN_HEADER))) {
    throw new APIError(FIRST_ACCOUNT_NEEDS_TOKEN, 403, null, true)
  }
  return { ...data, role: 'admin', approved: true }
}
