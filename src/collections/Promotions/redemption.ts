import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { PROMO_CODE_MAX, PROMO_INVALID, PROMO_USED_UP } from '@/lib/lead-source'

// In SQL: the count is shared across instances; a read-then-write would let two requests take the last use.

export class PromoRefused extends Error {}

export type Redeemed = {
  id: number
  code: string
  discountType: 'percentage' | 'fixed_amount'
  discountValue: number
  minimumAmount: number
}

type Db = PostgresAdapter['drizzle']

// A draft (never published, or unpublished) is not live, whatever its dates say.
const LIVE = sql`_status = 'published' AND is_active IS TRUE AND (end_date IS NULL OR end_date > now())`
const HAS_ROOM = sql`(usage_limit IS NULL OR COALESCE(usage_count, 0) < usage_limit)`

async function refusal(db: Db, code: string): Promise<string> {
  const found = (await db.execute(sql`
    SELECT 1 FROM promotions WHERE upper(discount_code) = ${code} AND ${LIVE} LIMIT 1
  `)) as unknown as { rows: unknown[] }
  return found.rows.length ? PROMO_USED_UP : PROMO_INVALID
}

// An early refusal before the costly photo work; redeemPromoCode, in the lead's transaction, decides.
export async function precheckPromoCode(payload: Payload, code: string): Promise<string | null> {
  if (code.length > PROMO_CODE_MAX) return PROMO_INVALID
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const room = (await db.execute(sql`
    SELECT 1 FROM promotions WHERE upper(discount_code) = ${code} AND ${LIVE} AND ${HAS_ROOM} LIMIT 1
  `)) as unknown as { rows: unknown[] }
  return room.rows.length ? null : refusal(db, code)
}

// The UPDATE holds the row lock until the transaction ends; a concurrent request then re-checks the
// committed row (READ COMMITTED), so a limit of 10 lets exactly 10 through however many arrive at once.
export async function redeemPromoCode(req: PayloadRequest, code: string): Promise<Redeemed> {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const db = req.transactionID ? adapter.sessions[await req.transactionID]?.db : undefined
  if (!db) throw new Error('A promo code is redeemed only inside the lead transaction.')
  if (code.length > PROMO_CODE_MAX) throw new PromoRefused(PROMO_INVALID)
  const result = (await db.execute(sql`
    UPDATE promotions SET usage_count = COALESCE(usage_count, 0) + 1
    WHERE id = (
      SELECT id FROM promotions
      WHERE upper(discount_code) = ${code} AND ${LIVE} AND ${HAS_ROOM}
      ORDER BY created_at DESC LIMIT 1
    ) AND ${LIVE} AND ${HAS_ROOM}
    RETURNING id, discount_code, discount_type, discount_value, minimum_amount
  `)) as unknown as { rows: Record<string, unknown>[] }
  const row = result.rows[0]
  if (!row) throw new PromoRefused(await refusal(db as Db, code))
  return {
    id: Number(row.id),
    code: String(row.discount_code),
    discountType: row.discount_type === 'fixed_amount' ? 'fixed_amount' : 'percentage',
    discountValue: Number(row.discount_value ?? 0),
    minimumAmount: Number(row.minimum_amount ?? 0),
  }
}

export async function linkLeadToPromotion(req: PayloadRequest, leadId: number, p: Redeemed): Promise<void> {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const db = req.transactionID ? adapter.sessions[await req.transactionID]?.db : undefined
  if (!db) throw new Error('A promo code is redeemed only inside the lead transaction.')
  await db.execute(sql`
    UPDATE leads SET promotion_id = ${p.id}, promo_code = ${p.code}, promo_discount_type = ${p.discountType},
      promo_discount_value = ${p.discountValue}, promo_minimum_amount = ${p.minimumAmount}
    WHERE id = ${leadId}
  `)
}
