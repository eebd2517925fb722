import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'overpaid';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'expireCheckoutSessions' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'expireCheckoutSessions' BEFORE 'eraseStaleLeads';
  CREATE TABLE "stripe_checkout_sessions" (
  	"id" text PRIMARY KEY NOT NULL,
  	"invoice_id" integer NOT NULL,
  	"amount_cents" integer NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"closed_at" timestamp(3) with time zone
  );
  
  CREATE INDEX "stripe_checkout_sessions_invoice_idx" ON "stripe_checkout_sessions" USING btree ("invoice_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "lead_events" WHERE "kind" = 'overpaid';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'expireCheckoutSessions';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'expireCheckoutSessions';
  DROP TABLE "stripe_checkout_sessions" CASCADE;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in', 'invoice_sent', 'payment_received', 'payment_refunded', 'deposit_paid');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
