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

// The first account ever created runs the business: an approved admin. Every later
// self-registered account waits for an admin's approval (DESIGN section 7); admins
// creating accounts choose role and approval through field access.
//
// Two sign-ups on an empty table would both count zero before either commits, and both
// become admins. So an empty count is confirmed under a transaction-scoped advisory lock,
// taken in the create's own transaction: a concurrent sign-up waits there until this one
// commits (or rolls back), then counts again and sees it.
//
// Over HTTP (REST, GraphQL, the admin's first-register) the first account also needs the
// setup token printed in the server's log (src/server/setup-token.ts), so a fresh
// deployment belongs to its owner, not to whoever finds it first. The server's own code
// (seeds, scripts) uses the Local API and needs none.
export const assignRoleOnCreate: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  if ((await countUsers(req)) > 0) return data

  const adapter = req.payload.db as unknown as PostgresAdapter
  const transaction = req.transactionID ? adapter.sessions[await req.transactionID]?.db : undefined
  // Payload opens a transaction around every create unless the caller disables it; the
  // lock would be released at once outside one, so such a create is refused instead.
  if (!transaction) throw new Error('The first account must be created inside a transaction.')
  await transaction.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`)

  if ((await countUsers(req)) > 0) return data
  if (req.payloadAPI !== 'local' && !isSetupToken(req.payload.secret, req.headers.get(SETUP_TOKEN_HEADER))) {
    throw new APIError(FIRST_ACCOUNT_NEEDS_TOKEN, 403, null, true)
  }
  return { ...data, role: 'admin', approved: true }
}
