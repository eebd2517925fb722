import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_consent' BEFORE 'invoice_sent';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_consent_withdrawn' BEFORE 'invoice_sent';
  ALTER TABLE "leads" ADD COLUMN "text_consent_by_phone" boolean;
  ALTER TABLE "leads" ADD COLUMN "text_consent_by_id" integer;
  ALTER TABLE "leads" ADD COLUMN "entered_by_id" integer;
  ALTER TABLE "leads" ADD CONSTRAINT "leads_text_consent_by_id_users_id_fk" FOREIGN KEY ("text_consent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "leads" ADD CONSTRAINT "leads_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "leads_text_consent_by_idx" ON "leads" USING btree ("text_consent_by_id");
  CREATE INDEX "leads_entered_by_idx" ON "leads" USING btree ("entered_by_id");`)
}

// Its down() recreates the enums with the values the migrations before it (written beside it
// and merged the same day) added, which its own snapshot did not know.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" DROP CONSTRAINT "leads_text_consent_by_id_users_id_fk";
  
  ALTER TABLE "leads" DROP CONSTRAINT "leads_entered_by_id_users_id_fk";
  
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'visit_done', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in', 'invoice_sent', 'invoice_reminded', 'payment_received', 'payment_refunded', 'deposit_paid', 'deposit_waived', 'overpaid', 'payment_check');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  DROP INDEX "leads_text_consent_by_idx";
  DROP INDEX "leads_entered_by_idx";
  ALTER TABLE "leads" DROP COLUMN "text_consent_by_phone";
  ALTER TABLE "leads" DROP COLUMN "text_consent_by_id";
  ALTER TABLE "leads" DROP COLUMN "entered_by_id";`)
}
