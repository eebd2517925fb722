import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'visit_moved' BEFORE 'visit_cancelled';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendVisitNotice' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendVisitNotice' BEFORE 'eraseStaleLeads';`)
}

// Payload's down statements, with the rows that name the new values removed (a move reads as
// the booking it made) before the values go.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   UPDATE "lead_events" SET "kind" = 'visit_booked' WHERE "kind" = 'visit_moved';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendVisitNotice';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendVisitNotice';
   ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_cancelled');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
