import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The type is made anew rather than given a value (ADD VALUE): a value added in a transaction
// cannot be used in it, and the partner enquiries already stored are refiled here. They were
// filed as the main form's "Wheel Restoration", offered title included.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" ALTER COLUMN "service_type" SET DATA TYPE text;
  DROP TYPE "public"."enum_leads_service_type";
  CREATE TYPE "public"."enum_leads_service_type" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration', 'wheel_restoration', 'dealership_partnership');
  UPDATE "leads" SET "service_type" = 'dealership_partnership', "offered_title" = NULL, "offered_price_cents" = NULL, "offered_unit" = NULL WHERE "channel" = 'partner';
  ALTER TABLE "leads" ALTER COLUMN "service_type" SET DATA TYPE "public"."enum_leads_service_type" USING "service_type"::"public"."enum_leads_service_type";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The enquiries stay as leads, filed back as they were before this migration.
  await db.execute(sql`
   UPDATE "leads" SET "service_type" = 'wheel_restoration', "offered_title" = 'Wheel Restoration' WHERE "service_type" = 'dealership_partnership';
  ALTER TABLE "leads" ALTER COLUMN "service_type" SET DATA TYPE text;
  DROP TYPE "public"."enum_leads_service_type";
  CREATE TYPE "public"."enum_leads_service_type" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration', 'wheel_restoration');
  ALTER TABLE "leads" ALTER COLUMN "service_type" SET DATA TYPE "public"."enum_leads_service_type" USING "service_type"::"public"."enum_leads_service_type";`)
}
