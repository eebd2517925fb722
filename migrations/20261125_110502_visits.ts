import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_visits_booked_by" AS ENUM('customer', 'staff');
  CREATE TYPE "public"."enum_site_settings_booking_slot_minutes" AS ENUM('60', '90', '120', '180', '240');
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'visit_booked';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'visit_cancelled';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendVisitConfirmation' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendVisitReminder' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendVisitConfirmation' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendVisitReminder' BEFORE 'createCollectionExport';
  CREATE TABLE "visits" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer NOT NULL,
  	"quote_id" integer,
  	"start" timestamp(3) with time zone NOT NULL,
  	"end" timestamp(3) with time zone NOT NULL,
  	"van" numeric NOT NULL,
  	"booked_by" "enum_visits_booked_by" DEFAULT 'customer' NOT NULL,
  	"cancelled_at" timestamp(3) with time zone,
  	"reminder_sent_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_booking_blocked_times" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"from" timestamp(3) with time zone NOT NULL,
  	"until" timestamp(3) with time zone NOT NULL,
  	"note" varchar
  );
  
  ALTER TABLE "leads" ADD COLUMN "zip" varchar;
  ALTER TABLE "leads" ADD COLUMN "vehicle" varchar;
  ALTER TABLE "leads" ADD COLUMN "wheel_size" varchar;
  ALTER TABLE "leads" ADD COLUMN "outside_service_area" boolean;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "visits_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "booking_service_zips" varchar DEFAULT '78701, 78702, 78703, 78704, 78705, 78712, 78721, 78722, 78723, 78731, 78741, 78744, 78745, 78751, 78752, 78756, 78757';
  ALTER TABLE "site_settings" ADD COLUMN "booking_trip_fee" numeric DEFAULT 0;
  ALTER TABLE "site_settings" ADD COLUMN "booking_slot_minutes" "enum_site_settings_booking_slot_minutes" DEFAULT '120' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "booking_vans" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "booking_days_ahead" numeric DEFAULT 14 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "booking_notice_hours" numeric DEFAULT 2 NOT NULL;
  ALTER TABLE "visits" ADD CONSTRAINT "visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "visits" ADD CONSTRAINT "visits_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_settings_booking_blocked_times" ADD CONSTRAINT "site_settings_booking_blocked_times_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "visits_lead_idx" ON "visits" USING btree ("lead_id");
  CREATE INDEX "visits_quote_idx" ON "visits" USING btree ("quote_id");
  CREATE INDEX "visits_start_idx" ON "visits" USING btree ("start");
  CREATE INDEX "visits_cancelled_at_idx" ON "visits" USING btree ("cancelled_at");
  CREATE INDEX "visits_updated_at_idx" ON "visits" USING btree ("updated_at");
  CREATE INDEX "visits_created_at_idx" ON "visits" USING btree ("created_at");
  CREATE UNIQUE INDEX "visits_place_idx" ON "visits" USING btree ("start","van") WHERE cancelled_at IS NULL;
  CREATE UNIQUE INDEX "visits_live_lead_idx" ON "visits" USING btree ("lead_id") WHERE cancelled_at IS NULL;
  CREATE INDEX "site_settings_booking_blocked_times_order_idx" ON "site_settings_booking_blocked_times" USING btree ("_order");
  CREATE INDEX "site_settings_booking_blocked_times_parent_id_idx" ON "site_settings_booking_blocked_times" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_visits_fk" FOREIGN KEY ("visits_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_visits_id_idx" ON "payload_locked_documents_rels" USING btree ("visits_id");`)
}

// Payload's down statements, with the constraint dropped before its table and the rows that
// name the visits' event kinds and tasks removed before those enum values go.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_visits_fk";
  ALTER TABLE "visits" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_booking_blocked_times" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "visits" CASCADE;
  DROP TABLE "site_settings_booking_blocked_times" CASCADE;
  DELETE FROM "lead_events" WHERE "kind" IN ('visit_booked', 'visit_cancelled');
  DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('sendVisitConfirmation', 'sendVisitReminder');
  DELETE FROM "payload_jobs" WHERE "task_slug" IN ('sendVisitConfirmation', 'sendVisitReminder');
  
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_visits_id_idx";
  ALTER TABLE "leads" DROP COLUMN "zip";
  ALTER TABLE "leads" DROP COLUMN "vehicle";
  ALTER TABLE "leads" DROP COLUMN "wheel_size";
  ALTER TABLE "leads" DROP COLUMN "outside_service_area";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "visits_id";
  ALTER TABLE "site_settings" DROP COLUMN "booking_service_zips";
  ALTER TABLE "site_settings" DROP COLUMN "booking_trip_fee";
  ALTER TABLE "site_settings" DROP COLUMN "booking_slot_minutes";
  ALTER TABLE "site_settings" DROP COLUMN "booking_vans";
  ALTER TABLE "site_settings" DROP COLUMN "booking_days_ahead";
  ALTER TABLE "site_settings" DROP COLUMN "booking_notice_hours";
  DROP TYPE "public"."enum_visits_booked_by";
  DROP TYPE "public"."enum_site_settings_booking_slot_minutes";`)
}
