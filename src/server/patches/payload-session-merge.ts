import { sql } from '@payloadcms/db-postgres'
import type { postgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { PayloadRequest } from 'payload'

type AdapterResult = ReturnType<typeof postgresAdapter>
type Session = { id: string; createdAt?: Date | string | null; expiresAt: Date | string }

// Workaround: Payload 3.90's addSessionToUser reads an account's sessions before the login's
// transaction, appends the new one and writes the whole account back, so sign-ins at the same
// moment (the owner's phone and laptop) overwrite each other's sessions and all but one are
// signed out. Here that write (recognised by the updatedAt: null it sends) locks the account,
// then writes the sessions it holds now (unexpired) plus the new one, and nothing else.
// Upstream: payload/src/auth/sessions.ts addSessionToUser (3.90.x), no issue filed.
// Remove when Payload adds sessions under a lock; tests/int/patches.int.spec.ts says when.
export function mergeConcurrentSessions(result: AdapterResult): AdapterResult {
  return {
    ...result,
    init: (args) => {
      const adapter = result.init(args)
      const updateOne = adapter.updateOne.bind(adapter)
      adapter.updateOne = async (updateArgs) => {
        const data = updateArgs.data as { sessions?: Session[]; updatedAt?: unknown } | undefined
        const req = updateArgs.req as PayloadRequest | undefined
        const id = updateArgs.id
        if (
          updateArgs.collection !== 'users' ||
          !Array.isArray(data?.sessions) ||
          data.sessions.length === 0 ||
          data.updatedAt !== null ||
          id == null ||
          !req?.payload
        ) {
          return updateOne(updateArgs)
        }
        const added = data.sessions[data.sessions.length - 1]
        const own = await initTransaction(req)
        try {
          const db = adapter.sessions[await req.transactionID!]?.db ?? adapter.drizzle
          await db.execute(sql`SELECT id FROM users WHERE id = ${id} FOR UPDATE`)
          const current = (await db.execute(sql`
            SELECT id, created_at, expires_at FROM users_sessions
            WHERE _parent_id = ${id} AND expires_at > now() ORDER BY _order`)) as unknown as {
            rows: { id: string; created_at: Date | string | null; expires_at: Date | string }[]
          }
          // A session the account already holds: not a sign-in (a sign-out, say), written as sent.
          const adding = !current.rows.some((row) => row.id === added.id)
          const sessions: Session[] = current.rows.map((row) => ({
            id: row.id,
            createdAt: row.created_at,
            expiresAt: row.expires_at,
          }))
          const written = adding
            ? await updateOne({ ...updateArgs, data: { sessions: [...sessions, added], updatedAt: null } })
            : await updateOne(updateArgs)
          if (own) await commitTransaction(req)
          return written
        } catch (error) {
          if (own) await killTransaction(req)
          throw error
        }
      }
      return adapter
    },
  }
}
