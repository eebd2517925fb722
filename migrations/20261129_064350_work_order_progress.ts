import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendWorkOrderProgress' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendWorkOrderProgress' BEFORE 'createCollectionExport';
  ALTER TABLE "dealerships" ADD COLUMN "email_when_car_done" boolean DEFAULT true;
  ALTER TABLE "dealerships" ADD COLUMN "email_when_work_order_done" boolean DEFAULT true;`)
}

// Its down() recreates the enums with the values the migrations before it (written beside it
// and merged the same day) added, which its own snapshot did not know.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Its task leaves the queue with it: a queued or logged sendWorkOrderProgress would stop the enum's change.
  await db.execute(sql`DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendWorkOrderProgress'`)
  await db.execute(sql`DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendWorkOrderProgress'`)
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'remindUnpaidInvoices', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'remindUnpaidInvoices', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "dealerships" DROP COLUMN "email_when_car_done";
  ALTER TABLE "dealerships" DROP COLUMN "email_when_work_order_done";`)
}
