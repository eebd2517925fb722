import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" ADD COLUMN "erased_at" timestamp(3) with time zone;
  CREATE INDEX "leads_erased_at_idx" ON "leads" USING btree ("erased_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "leads_erased_at_idx";
  ALTER TABLE "leads" DROP COLUMN "erased_at";`)
}
