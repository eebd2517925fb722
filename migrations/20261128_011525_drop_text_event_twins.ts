import { MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// 20261127_220023_dedupe_text_events set the timeline's twin events aside in a table of their
// own so that its `down` could put them back. Those events name customers' numbers, and no
// erasure looks there, so the table goes: every one was a copy of a text still stored.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS lead_events_text_duplicates`)
}

// Nothing comes back: going down past this, the earlier migration finds no table and keeps the
// timeline as it is.
export async function down(): Promise<void> {}
