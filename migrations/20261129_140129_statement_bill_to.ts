import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "statements" ADD COLUMN "billing_address" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "mailing_address" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "statements" DROP COLUMN "billing_address";
  ALTER TABLE "site_settings" DROP COLUMN "mailing_address";`)
}
