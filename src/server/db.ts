import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

/** The request's transaction when it has one, so raw SQL commits or rolls back with it. */
export async function dbOf(payload: Payload, req?: Partial<PayloadRequest>) {
  const adapter = payload.db as unknown as PostgresAdapter
  return (req?.transactionID ? adapter.sessions[await req.transactionID]?.db : undefined) ?? adapter.drizzle
}
