import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendCreditNote' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendCreditNote' BEFORE 'eraseStaleLeads';
  ALTER TABLE "payments" ADD COLUMN "form_key" varchar;
  CREATE UNIQUE INDEX "payments_form_key_idx" ON "payments" USING btree ("form_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendCreditNote';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendCreditNote';
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payments_form_key_idx";
  ALTER TABLE "payments" DROP COLUMN "form_key";`)
}
