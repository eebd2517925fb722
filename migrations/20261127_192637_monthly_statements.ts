import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_statements_lines_position" AS ENUM('LF', 'RF', 'LR', 'RR', 'spare');
  CREATE TYPE "public"."enum_statements_lines_service" AS ENUM('rim_rash', 'rim_restoration');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'issueMonthlyStatements' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendStatement' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'issueMonthlyStatements' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendStatement' BEFORE 'createCollectionExport';
  CREATE TABLE "statements_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"wheel_id" varchar NOT NULL,
  	"work_order_id" numeric NOT NULL,
  	"done_on" varchar NOT NULL,
  	"stock_number" varchar NOT NULL,
  	"vin" varchar NOT NULL,
  	"po_number" varchar,
  	"ro_number" varchar,
  	"position" "enum_statements_lines_position" NOT NULL,
  	"service" "enum_statements_lines_service" NOT NULL,
  	"unit_price_cents" numeric NOT NULL
  );
  
  CREATE TABLE "statements_credit_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"credit_id" numeric NOT NULL,
  	"description" varchar NOT NULL,
  	"amount_cents" numeric NOT NULL
  );
  
  CREATE TABLE "statements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dealership_id" integer NOT NULL,
  	"number" varchar NOT NULL,
  	"period" varchar NOT NULL,
  	"issued_at" timestamp(3) with time zone NOT NULL,
  	"cutoff_at" timestamp(3) with time zone NOT NULL,
  	"dealership_name" varchar NOT NULL,
  	"billing_email" varchar NOT NULL,
  	"net_terms_days" numeric NOT NULL,
  	"subtotal_cents" numeric NOT NULL,
  	"credit_cents" numeric NOT NULL,
  	"total_cents" numeric NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "statement_credits" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dealership_id" integer NOT NULL,
  	"description" varchar NOT NULL,
  	"amount_cents" numeric NOT NULL,
  	"statement_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "statement_counters" (
  	"year" integer PRIMARY KEY NOT NULL,
  	"last" integer NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "statements_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "statement_credits_id" integer;
  ALTER TABLE "statements_lines" ADD CONSTRAINT "statements_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "statements_credit_lines" ADD CONSTRAINT "statements_credit_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "statements" ADD CONSTRAINT "statements_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "statements_lines_order_idx" ON "statements_lines" USING btree ("_order");
  CREATE INDEX "statements_lines_parent_id_idx" ON "statements_lines" USING btree ("_parent_id");
  CREATE INDEX "statements_lines_wheel_id_idx" ON "statements_lines" USING btree ("wheel_id");
  CREATE INDEX "statements_credit_lines_order_idx" ON "statements_credit_lines" USING btree ("_order");
  CREATE INDEX "statements_credit_lines_parent_id_idx" ON "statements_credit_lines" USING btree ("_parent_id");
  CREATE INDEX "statements_dealership_idx" ON "statements" USING btree ("dealership_id");
  CREATE UNIQUE INDEX "statements_number_idx" ON "statements" USING btree ("number");
  CREATE INDEX "statements_period_idx" ON "statements" USING btree ("period");
  CREATE INDEX "statements_updated_at_idx" ON "statements" USING btree ("updated_at");
  CREATE INDEX "statements_created_at_idx" ON "statements" USING btree ("created_at");
  CREATE UNIQUE INDEX "dealership_period_idx" ON "statements" USING btree ("dealership_id","period");
  CREATE INDEX "statement_credits_dealership_idx" ON "statement_credits" USING btree ("dealership_id");
  CREATE INDEX "statement_credits_statement_idx" ON "statement_credits" USING btree ("statement_id");
  CREATE INDEX "statement_credits_updated_at_idx" ON "statement_credits" USING btree ("updated_at");
  CREATE INDEX "statement_credits_created_at_idx" ON "statement_credits" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_statements_fk" FOREIGN KEY ("statements_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_statement_credits_fk" FOREIGN KEY ("statement_credits_id") REFERENCES "public"."statement_credits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_statements_id_idx" ON "payload_locked_documents_rels" USING btree ("statements_id");
  CREATE INDEX "payload_locked_documents_rels_statement_credits_id_idx" ON "payload_locked_documents_rels" USING btree ("statement_credits_id");`)
}

// Payload's down statements, with the jobs of the two tasks deleted before their enum values
// go, and the constraints dropped before their tables (DROP TABLE ... CASCADE drops them first).
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('issueMonthlyStatements', 'sendStatement');
   DELETE FROM "payload_jobs" WHERE "task_slug" IN ('issueMonthlyStatements', 'sendStatement');
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_statements_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_statement_credits_fk";
   ALTER TABLE "statements_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "statements_credit_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "statements" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "statement_credits" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "statement_counters" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "statements_lines" CASCADE;
  DROP TABLE "statements_credit_lines" CASCADE;
  DROP TABLE "statements" CASCADE;
  DROP TABLE "statement_credits" CASCADE;
  DROP TABLE "statement_counters" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'removeOrphanPhotos', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'eraseStaleLeads', 'removeOrphanPhotos', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_statements_id_idx";
  DROP INDEX "payload_locked_documents_rels_statement_credits_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "statements_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "statement_credits_id";
  DROP TYPE "public"."enum_statements_lines_position";
  DROP TYPE "public"."enum_statements_lines_service";`)
}
