import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'removeOrphanPhotos' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'removeOrphanPhotos' BEFORE 'createCollectionExport';
  CREATE TABLE "work_order_counter" (
  	"id" integer PRIMARY KEY NOT NULL,
  	"last" integer NOT NULL
  );
  
  ALTER TABLE "work_orders" ADD COLUMN "number" numeric;
  CREATE UNIQUE INDEX "work_orders_number_idx" ON "work_orders" USING btree ("number");`)
  // Work orders made before numbers get theirs in the order they were made; the counter goes on from there.
  await db.execute(sql`
   UPDATE "work_orders" w SET "number" = n.rn
    FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS rn FROM "work_orders") n WHERE w."id" = n."id";
  INSERT INTO "work_order_counter" ("id", "last") SELECT 1, count(*) FROM "work_orders" HAVING count(*) > 0;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'removeOrphanPhotos';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'removeOrphanPhotos';
  ALTER TABLE "work_order_counter" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "work_order_counter" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "work_orders_number_idx";
  ALTER TABLE "work_orders" DROP COLUMN "number";`)
}
