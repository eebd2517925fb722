import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" ADD COLUMN "form_key" varchar;
  CREATE UNIQUE INDEX "leads_form_key_idx" ON "leads" USING btree ("form_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "leads_form_key_idx";
  ALTER TABLE "leads" DROP COLUMN "form_key";`)
}
