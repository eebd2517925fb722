import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_leads_channel" AS ENUM('form', 'text');
  CREATE TYPE "public"."enum_text_messages_direction" AS ENUM('in', 'out');
  CREATE TYPE "public"."enum_text_messages_status" AS ENUM('queued', 'sent', 'delivered', 'failed', 'undelivered', 'received');
  CREATE TYPE "public"."enum_text_opt_outs_reason" AS ENUM('keyword', 'provider');
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_sent';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_failed';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'photo_dropped';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_opted_out';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'text_opted_in';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendLeadAlert' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'fetchTextPhotos' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'replyToHelp' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendLeadAlert' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'fetchTextPhotos' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'replyToHelp' BEFORE 'eraseStaleLeads';
  CREATE TABLE "text_messages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"direction" "enum_text_messages_direction" NOT NULL,
  	"lead_id" integer,
  	"from_number" varchar NOT NULL,
  	"to_number" varchar NOT NULL,
  	"body" varchar,
  	"provider_message_id" varchar,
  	"status" "enum_text_messages_status" NOT NULL,
  	"error_code" numeric,
  	"error_message" varchar,
  	"media_count" numeric DEFAULT 0,
  	"media_stored_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "text_messages_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"customer_uploads_id" integer
  );
  
  CREATE TABLE "text_opt_outs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"phone" varchar NOT NULL,
  	"reason" "enum_text_opt_outs_reason" NOT NULL,
  	"keyword" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "leads" ADD COLUMN "channel" "enum_leads_channel";
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "text_messages_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "text_opt_outs_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "notification_phones" varchar DEFAULT '';
  ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "text_messages_rels" ADD CONSTRAINT "text_messages_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."text_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "text_messages_rels" ADD CONSTRAINT "text_messages_rels_customer_uploads_fk" FOREIGN KEY ("customer_uploads_id") REFERENCES "public"."customer_uploads"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "text_messages_lead_idx" ON "text_messages" USING btree ("lead_id");
  CREATE INDEX "text_messages_to_number_idx" ON "text_messages" USING btree ("to_number");
  CREATE UNIQUE INDEX "text_messages_provider_message_id_idx" ON "text_messages" USING btree ("provider_message_id");
  CREATE INDEX "text_messages_status_idx" ON "text_messages" USING btree ("status");
  CREATE INDEX "text_messages_updated_at_idx" ON "text_messages" USING btree ("updated_at");
  CREATE INDEX "text_messages_created_at_idx" ON "text_messages" USING btree ("created_at");
  CREATE INDEX "text_messages_rels_order_idx" ON "text_messages_rels" USING btree ("order");
  CREATE INDEX "text_messages_rels_parent_idx" ON "text_messages_rels" USING btree ("parent_id");
  CREATE INDEX "text_messages_rels_path_idx" ON "text_messages_rels" USING btree ("path");
  CREATE INDEX "text_messages_rels_customer_uploads_id_idx" ON "text_messages_rels" USING btree ("customer_uploads_id");
  CREATE UNIQUE INDEX "text_opt_outs_phone_idx" ON "text_opt_outs" USING btree ("phone");
  CREATE INDEX "text_opt_outs_updated_at_idx" ON "text_opt_outs" USING btree ("updated_at");
  CREATE INDEX "text_opt_outs_created_at_idx" ON "text_opt_outs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_text_messages_fk" FOREIGN KEY ("text_messages_id") REFERENCES "public"."text_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_text_opt_outs_fk" FOREIGN KEY ("text_opt_outs_id") REFERENCES "public"."text_opt_outs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "leads_channel_idx" ON "leads" USING btree ("channel");
  CREATE INDEX "payload_locked_documents_rels_text_messages_id_idx" ON "payload_locked_documents_rels" USING btree ("text_messages_id");
  CREATE INDEX "payload_locked_documents_rels_text_opt_outs_id_idx" ON "payload_locked_documents_rels" USING btree ("text_opt_outs_id");`)
}

// Payload's down statements, with the constraints dropped before their tables (DROP TABLE ...
// CASCADE removes them, and dropping them after would fail) and the rows that name the new
// values removed before the values go.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "lead_events" WHERE "kind" IN ('text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in');
  DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('sendLeadAlert', 'fetchTextPhotos', 'replyToHelp');
  DELETE FROM "payload_jobs" WHERE "task_slug" IN ('sendLeadAlert', 'fetchTextPhotos', 'replyToHelp');
   ALTER TABLE "text_messages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "text_messages_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "text_opt_outs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_text_messages_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_text_opt_outs_fk";
  DROP TABLE "text_messages" CASCADE;
  DROP TABLE "text_messages_rels" CASCADE;
  DROP TABLE "text_opt_outs" CASCADE;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "leads_channel_idx";
  DROP INDEX "payload_locked_documents_rels_text_messages_id_idx";
  DROP INDEX "payload_locked_documents_rels_text_opt_outs_id_idx";
  ALTER TABLE "leads" DROP COLUMN "channel";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "text_messages_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "text_opt_outs_id";
  ALTER TABLE "site_settings" DROP COLUMN "notification_phones";
  DROP TYPE "public"."enum_leads_channel";
  DROP TYPE "public"."enum_text_messages_direction";
  DROP TYPE "public"."enum_text_messages_status";
  DROP TYPE "public"."enum_text_opt_outs_reason";`)
}
