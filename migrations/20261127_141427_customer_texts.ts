import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'visit_confirmed' BEFORE 'text_sent';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'replyToVisitConfirmation' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'replyToVisitConfirmation' BEFORE 'eraseStaleLeads';
  ALTER TABLE "leads" ADD COLUMN "text_consent_at" timestamp(3) with time zone;
  ALTER TABLE "visits" ADD COLUMN "confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "visits" ADD COLUMN "on_my_way_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Rows using the values that go, first: the enums are recreated without them.
  await db.execute(sql`
   DELETE FROM "lead_events" WHERE "kind" = 'visit_confirmed';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'replyToVisitConfirmation';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'replyToVisitConfirmation';
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "leads" DROP COLUMN "text_consent_at";
  ALTER TABLE "visits" DROP COLUMN "confirmed_at";
  ALTER TABLE "visits" DROP COLUMN "on_my_way_at";`)
}
