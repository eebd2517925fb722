import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

type Rows = { rows: Record<string, unknown>[] }

export async function isOptedOut(
  payload: Payload,
  phone: string,
  req?: Partial<PayloadRequest>,
): Promise<boolean> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(
    sql`SELECT 1 FROM text_opt_outs WHERE phone = ${phone} LIMIT 1`,
  )) as unknown as Rows
  return result.rows.length > 0
}

// One row per number whatever the races: the first reason stays, its date is the latest.
export async function recordOptOut(
  payload: Payload,
  phone: string,
  why: { reason: 'keyword' | 'provider'; keyword?: string | null },
  req?: Partial<PayloadRequest>,
): Promise<void> {
  const db = await dbOf(payload, req)
  await db.execute(sql`
    INSERT INTO text_opt_outs (phone, reason, keyword, created_at, updated_at)
    VALUES (${phone}, ${why.reason}, ${why.keyword ?? null}, now(), now())
    ON CONFLICT (phone) DO UPDATE SET updated_at = now()`)
}

/** True when the number had opted out. */
export async function recordOptIn(
  payload: Payload,
  phone: string,
  req?: Partial<PayloadRequest>,
): Promise<boolean> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(
    sql`DELETE FROM text_opt_outs WHERE phone = ${phone} RETURNING id`,
  )) as unknown as Rows
  return result.rows.length > 0
}
