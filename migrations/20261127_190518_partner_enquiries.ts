import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_leads_channel" ADD VALUE 'partner';
  ALTER TABLE "leads" ADD COLUMN "dealership_name" varchar;
  ALTER TABLE "leads" ADD COLUMN "cars_per_month" numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The enquiries stay as leads (their description names the dealership and the volume); only
  // the channel value that is going is cleared, rather than deleting customers' requests.
  await db.execute(sql`
   UPDATE "leads" SET "channel" = NULL WHERE "channel" = 'partner';
  ALTER TABLE "leads" ALTER COLUMN "channel" SET DATA TYPE text;
  DROP TYPE "public"."enum_leads_channel";
  CREATE TYPE "public"."enum_leads_channel" AS ENUM('form', 'text');
  ALTER TABLE "leads" ALTER COLUMN "channel" SET DATA TYPE "public"."enum_leads_channel" USING "channel"::"public"."enum_leads_channel";
  ALTER TABLE "leads" DROP COLUMN "dealership_name";
  ALTER TABLE "leads" DROP COLUMN "cars_per_month";`)
}
