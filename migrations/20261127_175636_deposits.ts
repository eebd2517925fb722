import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_deposit_mode" AS ENUM('none', 'percent', 'fixed');
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'deposit_paid';
  ALTER TYPE "public"."enum_payments_kind" ADD VALUE 'deposit';
  ALTER TABLE "payments" ADD COLUMN "quote_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "deposit_mode" "enum_site_settings_deposit_mode" DEFAULT 'none';
  ALTER TABLE "site_settings" ADD COLUMN "deposit_percent" numeric DEFAULT 20;
  ALTER TABLE "site_settings" ADD COLUMN "deposit_fixed_cents" numeric DEFAULT 5000;
  ALTER TABLE "site_settings" ADD COLUMN "deposit_above_cents" numeric DEFAULT 0;
  ALTER TABLE "site_settings" ADD COLUMN "deposit_before_booking" boolean DEFAULT false;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payments_quote_idx" ON "payments" USING btree ("quote_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "lead_events" WHERE "kind" = 'deposit_paid';
  DELETE FROM "payments" WHERE "kind" = 'deposit';
   ALTER TABLE "payments" DROP CONSTRAINT "payments_quote_id_quotes_id_fk";
  
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in', 'invoice_sent', 'payment_received', 'payment_refunded');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payments" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "payments" ALTER COLUMN "kind" SET DEFAULT 'payment'::text;
  DROP TYPE "public"."enum_payments_kind";
  CREATE TYPE "public"."enum_payments_kind" AS ENUM('payment', 'refund');
  ALTER TABLE "payments" ALTER COLUMN "kind" SET DEFAULT 'payment'::"public"."enum_payments_kind";
  ALTER TABLE "payments" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_payments_kind" USING "kind"::"public"."enum_payments_kind";
  DROP INDEX "payments_quote_idx";
  ALTER TABLE "payments" DROP COLUMN "quote_id";
  ALTER TABLE "site_settings" DROP COLUMN "deposit_mode";
  ALTER TABLE "site_settings" DROP COLUMN "deposit_percent";
  ALTER TABLE "site_settings" DROP COLUMN "deposit_fixed_cents";
  ALTER TABLE "site_settings" DROP COLUMN "deposit_above_cents";
  ALTER TABLE "site_settings" DROP COLUMN "deposit_before_booking";
  DROP TYPE "public"."enum_site_settings_deposit_mode";`)
}
