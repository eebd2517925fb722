import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The owner's text alert about a new lead was stored under no lead, so deleting the lead left it
// (erasure found it by the link it ends with). That link, /admin?tab=leads&lead=<id> at the very
// end of a text we sent, is written by the alert job alone: each such text is filed under its
// lead and marked as the business's. One whose lead was deleted since goes, as the lead's texts
// went with it (so `down` cannot bring it back); `down` files the others under no lead again.
const ALERT_LINK = '/admin\\?tab=leads&lead=([0-9]{1,9})$'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "text_messages" ADD COLUMN "to_business" boolean DEFAULT false;`)
  await db.execute(sql`
    UPDATE text_messages t SET lead_id = l.id, to_business = true
    FROM leads l
    WHERE t.lead_id IS NULL AND t.direction = 'out'
      AND l.id = (substring(t.body from ${ALERT_LINK}))::int`)
  await db.execute(sql`
    DELETE FROM text_messages
    WHERE lead_id IS NULL AND direction = 'out' AND substring(body from ${ALERT_LINK}) IS NOT NULL`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`UPDATE text_messages SET lead_id = NULL WHERE to_business`)
  await db.execute(sql`
   ALTER TABLE "text_messages" DROP COLUMN "to_business";`)
}
