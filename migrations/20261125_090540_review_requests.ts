import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendReviewRequest' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendReviewRequest' BEFORE 'createCollectionExport';
  CREATE TABLE "review_opt_outs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "leads" ADD COLUMN "review_request_queued_at" timestamp(3) with time zone;
  ALTER TABLE "leads" ADD COLUMN "review_request_sent_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "review_opt_outs_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "review_request_delay_hours" numeric DEFAULT 24;
  CREATE UNIQUE INDEX "review_opt_outs_email_idx" ON "review_opt_outs" USING btree ("email");
  CREATE INDEX "review_opt_outs_updated_at_idx" ON "review_opt_outs" USING btree ("updated_at");
  CREATE INDEX "review_opt_outs_created_at_idx" ON "review_opt_outs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_review_opt_outs_fk" FOREIGN KEY ("review_opt_outs_id") REFERENCES "public"."review_opt_outs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_review_opt_outs_id_idx" ON "payload_locked_documents_rels" USING btree ("review_opt_outs_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_opt_outs" DISABLE ROW LEVEL SECURITY;
  -- The foreign key first: DROP TABLE ... CASCADE would remove it, and dropping it after
  -- that fails (the order Payload generates).
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_review_opt_outs_fk";
  DROP TABLE "review_opt_outs" CASCADE;
  -- The enums lose sendReviewRequest: its queued and logged jobs go first.
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendReviewRequest';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendReviewRequest';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_review_opt_outs_id_idx";
  ALTER TABLE "leads" DROP COLUMN "review_request_queued_at";
  ALTER TABLE "leads" DROP COLUMN "review_request_sent_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "review_opt_outs_id";
  ALTER TABLE "site_settings" DROP COLUMN "review_request_delay_hours";`)
}
