import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { StatementPaymentMethod } from '@/lib/statement-balance'
import { dbOf } from '@/server/db'

type Rows<T> = { rows: T[] }

export type StatementPaymentInput = {
  statement: number
  method: StatementPaymentMethod
  amountCents: number
  receivedAt: string
  reference: string | null
  formKey: string
}

export type StatementPaymentOutcome =
  | { recorded: true; paidCents: number; totalCents: number }
  | { recorded: false; refused: 'missing' | 'paid' | 'over'; balanceCents: number }

/**
 * Records what the dealership paid against a statement, in the caller's transaction. The
 * statement's row is locked first, so the same form posted twice (or from two instances) finds
 * its twin; the balance is then taken by an UPDATE that applies only while the amount fits, and
 * the table's CHECK refuses any paid sum above the total, so two recordings at once never pay a
 * statement twice over.
 */
export async function recordStatementPayment(
  req: PayloadRequest,
  input: StatementPaymentInput,
): Promise<StatementPaymentOutcome> {
  const db = await dbOf(req.payload, req)
  const locked = (await db.execute(sql`
    SELECT total_cents, paid_cents FROM statements WHERE id = ${input.statement} FOR UPDATE`)) as unknown as Rows<{
    total_cents: number | string
    paid_cents: number | string
  }>
  const row = locked.rows[0]
  if (!row) return { recorded: false, refused: 'missing', balanceCents: 0 }
  const twin = (await db.execute(
    sql`SELECT 1 FROM statement_payments WHERE form_key = ${input.formKey}`,
  )) as unknown as Rows<unknown>
  if (twin.rows.length)
    return { recorded: true, paidCents: Number(row.paid_cents), totalCents: Number(row.total_cents) }

  const taken = (await db.execute(sql`
    UPDATE statements SET paid_cents = paid_cents + ${input.amountCents}, updated_at = now()
    WHERE id = ${input.statement} AND paid_cents + ${input.amountCents} <= total_cents
    RETURNING paid_cents, total_cents`)) as unknown as Rows<{
    paid_cents: number | string
    total_cents: number | string
  }>
  if (!taken.rows.length) {
    const balanceCents = Math.max(0, Number(row.total_cents) - Number(row.paid_cents))
    return { recorded: false, refused: balanceCents === 0 ? 'paid' : 'over', balanceCents }
  }
  await req.payload.create({
    collection: 'statement-payments',
    data: {
      statement: input.statement,
      method: input.method,
      amountCents: input.amountCents,
      receivedAt: input.receivedAt,
      reference: input.reference,
      formKey: input.formKey,
    },
    depth: 0,
    // The endpoint checked the caller; no one writes these through the API.
    overrideAccess: true,
    req,
  })
  return {
    recorded: true,
    paidCents: Number(taken.rows[0].paid_cents),
    totalCents: Number(taken.rows[0].total_cents),
  }
}
