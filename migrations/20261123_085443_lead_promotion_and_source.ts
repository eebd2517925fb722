import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_leads_promo_discount_type" AS ENUM('percentage', 'fixed_amount');
  ALTER TABLE "leads" ADD COLUMN "promotion_id" integer;
  ALTER TABLE "leads" ADD COLUMN "promo_code" varchar;
  ALTER TABLE "leads" ADD COLUMN "promo_discount_type" "enum_leads_promo_discount_type";
  ALTER TABLE "leads" ADD COLUMN "promo_discount_value" numeric;
  ALTER TABLE "leads" ADD COLUMN "promo_minimum_amount" numeric;
  ALTER TABLE "leads" ADD COLUMN "utm_source" varchar;
  ALTER TABLE "leads" ADD COLUMN "utm_medium" varchar;
  ALTER TABLE "leads" ADD COLUMN "utm_campaign" varchar;
  ALTER TABLE "leads" ADD COLUMN "referrer_host" varchar;
  ALTER TABLE "leads" ADD CONSTRAINT "leads_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "leads_promotion_idx" ON "leads" USING btree ("promotion_id");
  CREATE INDEX "leads_utm_source_idx" ON "leads" USING btree ("utm_source");
  CREATE INDEX "leads_referrer_host_idx" ON "leads" USING btree ("referrer_host");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" DROP CONSTRAINT "leads_promotion_id_promotions_id_fk";
  
  DROP INDEX "leads_promotion_idx";
  DROP INDEX "leads_utm_source_idx";
  DROP INDEX "leads_referrer_host_idx";
  ALTER TABLE "leads" DROP COLUMN "promotion_id";
  ALTER TABLE "leads" DROP COLUMN "promo_code";
  ALTER TABLE "leads" DROP COLUMN "promo_discount_type";
  ALTER TABLE "leads" DROP COLUMN "promo_discount_value";
  ALTER TABLE "leads" DROP COLUMN "promo_minimum_amount";
  ALTER TABLE "leads" DROP COLUMN "utm_source";
  ALTER TABLE "leads" DROP COLUMN "utm_medium";
  ALTER TABLE "leads" DROP COLUMN "utm_campaign";
  ALTER TABLE "leads" DROP COLUMN "referrer_host";
  DROP TYPE "public"."enum_leads_promo_discount_type";`)
}
