import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The placeholder domain of texted leads' e-mail when this ran (src/lib/text-messages.ts).
const TEXT_LEAD_EMAIL_DOMAIN = 'no-email.invalid'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" ADD COLUMN "name" varchar;
  CREATE INDEX "leads_name_idx" ON "leads" USING btree ("name");`)
  // The leads already there get their name as the lead's hook writes it (src/lib/lead-name.ts):
  // first and last name, and a texted lead's number after them.
  await db.execute(sql`
   UPDATE "leads" SET "name" = concat_ws(' ', nullif(trim("first_name"), ''), nullif(trim("last_name"), ''))
     || CASE WHEN lower("email") LIKE ${'%@' + TEXT_LEAD_EMAIL_DOMAIN} AND coalesce(trim("phone"), '') <> ''
          THEN ' · ' || trim("phone") ELSE '' END;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "leads_name_idx";
  ALTER TABLE "leads" DROP COLUMN "name";`)
}
