import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_quotes_lines_kind" AS ENUM('offer', 'free');
  CREATE TYPE "public"."enum_quotes_lines_offer" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration');
  CREATE TYPE "public"."enum_quotes_status" AS ENUM('draft', 'sent', 'accepted', 'changes_requested');
  CREATE TYPE "public"."enum__quotes_v_version_lines_kind" AS ENUM('offer', 'free');
  CREATE TYPE "public"."enum__quotes_v_version_lines_offer" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration');
  CREATE TYPE "public"."enum__quotes_v_version_status" AS ENUM('draft', 'sent', 'accepted', 'changes_requested');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendQuoteLink' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendQuoteAnswer' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendQuoteLink' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendQuoteAnswer' BEFORE 'createCollectionExport';
  CREATE TABLE "quotes_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"kind" "enum_quotes_lines_kind" DEFAULT 'offer' NOT NULL,
  	"offer" "enum_quotes_lines_offer",
  	"quantity" numeric DEFAULT 1,
  	"description" varchar,
  	"amount" numeric,
  	"title" varchar,
  	"unit_cents" numeric,
  	"amount_cents" numeric
  );
  
  CREATE TABLE "quotes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer NOT NULL,
  	"note" varchar,
  	"valid_until" timestamp(3) with time zone NOT NULL,
  	"subtotal_cents" numeric,
  	"delivery_fee_cents" numeric,
  	"discount_cents" numeric,
  	"total_cents" numeric,
  	"promo_code" varchar,
  	"promo_note" varchar,
  	"status" "enum_quotes_status" DEFAULT 'draft' NOT NULL,
  	"token_nonce" varchar,
  	"sent_at" timestamp(3) with time zone,
  	"viewed_at" timestamp(3) with time zone,
  	"accepted_at" timestamp(3) with time zone,
  	"accepted_from" varchar,
  	"change_request" varchar,
  	"change_requested_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_quotes_v_version_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum__quotes_v_version_lines_kind" DEFAULT 'offer' NOT NULL,
  	"offer" "enum__quotes_v_version_lines_offer",
  	"quantity" numeric DEFAULT 1,
  	"description" varchar,
  	"amount" numeric,
  	"title" varchar,
  	"unit_cents" numeric,
  	"amount_cents" numeric,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_quotes_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_lead_id" integer NOT NULL,
  	"version_note" varchar,
  	"version_valid_until" timestamp(3) with time zone NOT NULL,
  	"version_subtotal_cents" numeric,
  	"version_delivery_fee_cents" numeric,
  	"version_discount_cents" numeric,
  	"version_total_cents" numeric,
  	"version_promo_code" varchar,
  	"version_promo_note" varchar,
  	"version_status" "enum__quotes_v_version_status" DEFAULT 'draft' NOT NULL,
  	"version_token_nonce" varchar,
  	"version_sent_at" timestamp(3) with time zone,
  	"version_viewed_at" timestamp(3) with time zone,
  	"version_accepted_at" timestamp(3) with time zone,
  	"version_accepted_from" varchar,
  	"version_change_request" varchar,
  	"version_change_requested_at" timestamp(3) with time zone,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "quotes_id" integer;
  ALTER TABLE "quotes_lines" ADD CONSTRAINT "quotes_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_quotes_v_version_lines" ADD CONSTRAINT "_quotes_v_version_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_quotes_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_quotes_v" ADD CONSTRAINT "_quotes_v_parent_id_quotes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_quotes_v" ADD CONSTRAINT "_quotes_v_version_lead_id_leads_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "quotes_lines_order_idx" ON "quotes_lines" USING btree ("_order");
  CREATE INDEX "quotes_lines_parent_id_idx" ON "quotes_lines" USING btree ("_parent_id");
  CREATE INDEX "quotes_lead_idx" ON "quotes" USING btree ("lead_id");
  CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");
  CREATE UNIQUE INDEX "quotes_token_nonce_idx" ON "quotes" USING btree ("token_nonce");
  CREATE INDEX "quotes_updated_at_idx" ON "quotes" USING btree ("updated_at");
  CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at");
  CREATE INDEX "_quotes_v_version_lines_order_idx" ON "_quotes_v_version_lines" USING btree ("_order");
  CREATE INDEX "_quotes_v_version_lines_parent_id_idx" ON "_quotes_v_version_lines" USING btree ("_parent_id");
  CREATE INDEX "_quotes_v_parent_idx" ON "_quotes_v" USING btree ("parent_id");
  CREATE INDEX "_quotes_v_version_version_lead_idx" ON "_quotes_v" USING btree ("version_lead_id");
  CREATE INDEX "_quotes_v_version_version_status_idx" ON "_quotes_v" USING btree ("version_status");
  CREATE INDEX "_quotes_v_version_version_token_nonce_idx" ON "_quotes_v" USING btree ("version_token_nonce");
  CREATE INDEX "_quotes_v_version_version_updated_at_idx" ON "_quotes_v" USING btree ("version_updated_at");
  CREATE INDEX "_quotes_v_version_version_created_at_idx" ON "_quotes_v" USING btree ("version_created_at");
  CREATE INDEX "_quotes_v_created_at_idx" ON "_quotes_v" USING btree ("created_at");
  CREATE INDEX "_quotes_v_updated_at_idx" ON "_quotes_v" USING btree ("updated_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_quotes_fk" FOREIGN KEY ("quotes_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_quotes_id_idx" ON "payload_locked_documents_rels" USING btree ("quotes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "quotes_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "quotes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_quotes_v_version_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_quotes_v" DISABLE ROW LEVEL SECURITY;
  -- The foreign key first: DROP TABLE ... CASCADE below would remove it, and dropping it
  -- after that fails (the order Payload generates).
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_quotes_fk";
  DROP TABLE "quotes_lines" CASCADE;
  DROP TABLE "quotes" CASCADE;
  DROP TABLE "_quotes_v_version_lines" CASCADE;
  DROP TABLE "_quotes_v" CASCADE;
  -- The enums lose the quote e-mails' tasks: their queued and logged jobs go first.
  DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('sendQuoteLink', 'sendQuoteAnswer');
  DELETE FROM "payload_jobs" WHERE "task_slug" IN ('sendQuoteLink', 'sendQuoteAnswer');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_quotes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "quotes_id";
  DROP TYPE "public"."enum_quotes_lines_kind";
  DROP TYPE "public"."enum_quotes_lines_offer";
  DROP TYPE "public"."enum_quotes_status";
  DROP TYPE "public"."enum__quotes_v_version_lines_kind";
  DROP TYPE "public"."enum__quotes_v_version_lines_offer";
  DROP TYPE "public"."enum__quotes_v_version_status";`)
}
