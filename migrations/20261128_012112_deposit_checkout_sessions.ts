import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'expireDepositSessions' BEFORE 'sendCreditNote';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'expireDepositSessions' BEFORE 'sendCreditNote';
  ALTER TABLE "stripe_checkout_sessions" ALTER COLUMN "invoice_id" DROP NOT NULL;
  ALTER TABLE "stripe_checkout_sessions" ADD COLUMN "quote_id" integer;
  CREATE INDEX "stripe_checkout_sessions_quote_idx" ON "stripe_checkout_sessions" USING btree ("quote_id");
  ALTER TABLE "stripe_checkout_sessions" ADD CONSTRAINT "stripe_checkout_sessions_one_owner" CHECK (num_nonnulls("stripe_checkout_sessions"."invoice_id", "stripe_checkout_sessions"."quote_id") = 1);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'expireDepositSessions';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'expireDepositSessions';
  DELETE FROM "stripe_checkout_sessions" WHERE "invoice_id" IS NULL;
  ALTER TABLE "stripe_checkout_sessions" DROP CONSTRAINT "stripe_checkout_sessions_one_owner";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "stripe_checkout_sessions_quote_idx";
  ALTER TABLE "stripe_checkout_sessions" ALTER COLUMN "invoice_id" SET NOT NULL;
  ALTER TABLE "stripe_checkout_sessions" DROP COLUMN "quote_id";`)
}
