import type { PostgresAdapter, PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import { integer } from '@payloadcms/db-postgres/drizzle/pg-core'

import type { dbOf } from '@/server/db'
import { invoiceNumber } from '@/lib/invoices'

// Invoice numbers run 1, 2, 3... each year, with no gap and no repeat across instances: one
// counter row per year, moved on by the UPDATE in the sending transaction. The row stays
// locked until that transaction ends, so a second sender waits, and a rollback takes the
// number back with the invoice. Drafts take none.
export const INVOICE_COUNTERS_TABLE = 'invoice_counters'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

export const declareInvoiceCounters: SchemaHook = ({ adapter, schema }) => {
  schema.tables[INVOICE_COUNTERS_TABLE] = (adapter as unknown as PostgresAdapter).pgSchema.table(
    INVOICE_COUNTERS_TABLE,
    { year: integer('year').primaryKey(), last: integer('last').notNull() },
  )
  return schema
}

type Db = Awaited<ReturnType<typeof dbOf>>

/** The next number of this year; only inside the transaction that stores it on the invoice. */
export async function takeInvoiceNumber(db: Db, year: number): Promise<string> {
  await db.execute(
    sql`INSERT INTO invoice_counters (year, last) VALUES (${year}, 0) ON CONFLICT (year) DO NOTHING`,
  )
  const result = (await db.execute(
    sql`UPDATE invoice_counters SET last = last + 1 WHERE year = ${year} RETURNING last`,
  )) as unknown as { rows: { last: number }[] }
  return invoiceNumber(year, Number(result.rows[0].last))
}
