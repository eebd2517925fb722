import { sql } from '@payloadcms/db-postgres'

import type { dbOf } from '@/server/db'
import { type YearCounterTable } from '@/server/db-schema'

// Numbers that run 1, 2, 3... each year, with no gap and no repeat across instances (invoices,
// statements): one counter row per year, moved on by an UPDATE in the transaction that stores
// the number. The row stays locked until that transaction ends, so a second taker waits, and a
// rollback takes the number back with its document.

type Db = Awaited<ReturnType<typeof dbOf>>

/** The year's next sequence number; only inside the transaction that stores it. */
export async function takeYearSequence(db: Db, table: YearCounterTable, year: number): Promise<number> {
  // The name is one of the constants above, never input.
  const name = sql.identifier(table)
  await db.execute(sql`INSERT INTO ${name} (year, last) VALUES (${year}, 0) ON CONFLICT (year) DO NOTHING`)
  const result = (await db.execute(
    sql`UPDATE ${name} SET last = last + 1 WHERE year = ${year} RETURNING last`,
  )) as unknown as { rows: { last: number }[] }
  return Number(result.rows[0].last)
}
