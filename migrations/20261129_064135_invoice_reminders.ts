import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'invoice_reminded' BEFORE 'payment_received';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'remindUnpaidInvoices' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'remindUnpaidInvoices' BEFORE 'createCollectionExport';
  ALTER TABLE "invoices" ADD COLUMN "reminded_at" timestamp(3) with time zone;
  ALTER TABLE "site_settings" ADD COLUMN "invoice_reminder_days" numeric DEFAULT 7;`)
}

// Its down() recreates the enums with the values the migrations before it (written beside it
// and merged the same day) added, which its own snapshot did not know.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Its task leaves the queue with it: a queued or logged remindUnpaidInvoices would stop the enum's change.
  await db.execute(sql`DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'remindUnpaidInvoices'`)
  await db.execute(sql`DELETE FROM "payload_jobs" WHERE "task_slug" = 'remindUnpaidInvoices'`)
  await db.execute(sql`
   ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'visit_done', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in', 'invoice_sent', 'payment_received', 'payment_refunded', 'deposit_paid', 'deposit_waived', 'overpaid', 'payment_check');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "invoices" DROP COLUMN "reminded_at";
  ALTER TABLE "site_settings" DROP COLUMN "invoice_reminder_days";`)
}
