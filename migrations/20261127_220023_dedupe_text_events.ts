import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// A text the product sent a lead was on its timeline twice: as the stored text (with its
// delivery) and as a "Text sent" or "Text failed" event written by sendTextOnce, or by the
// delivery callback before c9ba7f5. Those events are set aside in a table of their own (kind as
// text, so no later change of the kind's type depends on it), which `down` puts back; a site with
// none keeps no such table. An event is a twin when a text out to the same lead and number
// (sent) or failed with the same reason precedes it within an hour.
const HELD = 'lead_events_text_duplicates'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE ${sql.identifier(HELD)} AS
    SELECT e.id, e.lead_id, e.kind::text AS kind, e.text, e.by_id, e.updated_at, e.created_at
    FROM lead_events e
    WHERE e.kind IN ('text_sent', 'text_failed') AND EXISTS (
      SELECT 1 FROM text_messages t
      WHERE t.lead_id = e.lead_id AND t.direction = 'out'
        AND e.created_at >= t.created_at AND e.created_at < t.created_at + interval '1 hour'
        AND (
          (e.kind = 'text_sent' AND right(e.text, length(t.to_number) + 3) = ' (' || t.to_number || ')')
          OR (
            e.kind = 'text_failed' AND t.status IN ('failed', 'undelivered') AND (
              (t.error_message IS NOT NULL AND position(': ' || t.error_message IN e.text) > 0)
              OR left(e.text, length(t.to_number) + 10) = 'Text to ' || t.to_number || ': '
            )
          )
        )
    )`)
  await db.execute(sql`DELETE FROM lead_events WHERE id IN (SELECT id FROM ${sql.identifier(HELD)})`)
  const held = (await db.execute(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(HELD)}`,
  )) as unknown as { rows: { n: number }[] }
  if (held.rows[0].n === 0) await db.execute(sql`DROP TABLE ${sql.identifier(HELD)}`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  const found = (await db.execute(
    sql`SELECT to_regclass(${`public.${HELD}`}) IS NOT NULL AS found`,
  )) as unknown as { rows: { found: boolean }[] }
  if (!found.rows[0].found) return
  // A lead removed since takes its events with it; a user removed leaves the event unsigned.
  await db.execute(sql`
    INSERT INTO lead_events (id, lead_id, kind, text, by_id, updated_at, created_at)
    SELECT d.id, d.lead_id, d.kind::enum_lead_events_kind, d.text,
      (SELECT u.id FROM users u WHERE u.id = d.by_id), d.updated_at, d.created_at
    FROM ${sql.identifier(HELD)} d
    WHERE EXISTS (SELECT 1 FROM leads l WHERE l.id = d.lead_id)
    ON CONFLICT (id) DO NOTHING`)
  await db.execute(sql`DROP TABLE ${sql.identifier(HELD)}`)
}
