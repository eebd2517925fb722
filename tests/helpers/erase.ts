import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { HttpClient, HttpResult, Session } from './http-client'

// An erasure as the owner makes it: the leads of this e-mail or phone are listed first (the
// endpoint answers a request without its list with the leads it matched), then exactly those go.
export async function eraseListed(
  http: HttpClient,
  session: Session,
  contact: { email?: string; phone?: string },
): Promise<HttpResult> {
  const listed = await http.post('/api/leads/erase', { json: { ...contact, confirm: true }, session })
  if (listed.status !== 400 || !Array.isArray(listed.body.leads)) return listed
  const leads = (listed.body.leads as { id: number }[]).map((l) => l.id)
  return http.post('/api/leads/erase', { json: { ...contact, leads, confirm: true }, session })
}

type Rows<T> = { rows: T[] }

// Every text, character and JSON column of every table, searched for each needle (any case).
export async function tablesHolding(payload: Payload, needles: string[]): Promise<string[]> {
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const columns = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema()
      AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'USER-DEFINED', 'ARRAY')
    ORDER BY table_name, column_name`)) as unknown as Rows<{ table_name: string; column_name: string }>
  const hits: string[] = []
  for (const { table_name: table, column_name: column } of columns.rows) {
    const found = (await db.execute(sql`
      SELECT needle FROM unnest(ARRAY[${sql.join(
        needles.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]) AS needle
      WHERE EXISTS (SELECT 1 FROM ${sql.identifier(table)}
        WHERE strpos(lower(${sql.identifier(column)}::text), needle) > 0)`)) as unknown as Rows<{
      needle: string
    }>
    for (const { needle } of found.rows) hits.push(`${table}.${column} holds "${needle}"`)
  }
  return hits
}
