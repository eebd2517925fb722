import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

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
  return { ...data, role: 'admin', approved: true }
}
