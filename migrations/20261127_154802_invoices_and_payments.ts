import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_invoices_kind" AS ENUM('invoice', 'credit_note');
  CREATE TYPE "public"."enum_invoices_status" AS ENUM('draft', 'sent', 'part_paid', 'paid', 'void');
  CREATE TYPE "public"."enum_payments_kind" AS ENUM('payment', 'refund');
  CREATE TYPE "public"."enum_payments_method" AS ENUM('card_online', 'cash', 'check', 'zelle', 'venmo', 'card_reader');
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'invoice_sent';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'payment_received';
  ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'payment_refunded';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendInvoiceLink' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendPaymentReceipt' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendInvoiceLink' BEFORE 'eraseStaleLeads';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendPaymentReceipt' BEFORE 'eraseStaleLeads';
  CREATE TABLE "invoices_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"description" varchar NOT NULL,
  	"quantity" numeric DEFAULT 1 NOT NULL,
  	"unit_cents" numeric NOT NULL,
  	"amount_cents" numeric
  );
  
  CREATE TABLE "invoices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer,
  	"kind" "enum_invoices_kind" DEFAULT 'invoice' NOT NULL,
  	"corrects_id" integer,
  	"quote_id" integer,
  	"customer_name" varchar,
  	"customer_email" varchar,
  	"customer_address" varchar,
  	"discount_cents" numeric DEFAULT 0,
  	"note" varchar,
  	"subtotal_cents" numeric,
  	"total_cents" numeric,
  	"deposit_cents" numeric,
  	"credited_cents" numeric,
  	"paid_cents" numeric,
  	"balance_cents" numeric,
  	"status" "enum_invoices_status" DEFAULT 'draft',
  	"number" varchar,
  	"token_nonce" varchar,
  	"sent_at" timestamp(3) with time zone,
  	"viewed_at" timestamp(3) with time zone,
  	"paid_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"invoice_id" integer,
  	"lead_id" integer,
  	"kind" "enum_payments_kind" DEFAULT 'payment' NOT NULL,
  	"method" "enum_payments_method" NOT NULL,
  	"amount_cents" numeric NOT NULL,
  	"reference" varchar,
  	"received_at" timestamp(3) with time zone,
  	"recorded_by_id" integer,
  	"stripe_id" varchar,
  	"stripe_fee_cents" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "invoice_counters" (
  	"year" integer PRIMARY KEY NOT NULL,
  	"last" integer NOT NULL
  );
  
  CREATE TABLE "stripe_events" (
  	"id" text PRIMARY KEY NOT NULL,
  	"type" text NOT NULL,
  	"received_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "invoices_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "payments_id" integer;
  ALTER TABLE "invoices_lines" ADD CONSTRAINT "invoices_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_id_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "invoices_lines_order_idx" ON "invoices_lines" USING btree ("_order");
  CREATE INDEX "invoices_lines_parent_id_idx" ON "invoices_lines" USING btree ("_parent_id");
  CREATE INDEX "invoices_lead_idx" ON "invoices" USING btree ("lead_id");
  CREATE INDEX "invoices_corrects_idx" ON "invoices" USING btree ("corrects_id");
  CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id");
  CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");
  CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");
  CREATE UNIQUE INDEX "invoices_token_nonce_idx" ON "invoices" USING btree ("token_nonce");
  CREATE INDEX "invoices_updated_at_idx" ON "invoices" USING btree ("updated_at");
  CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at");
  CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");
  CREATE INDEX "payments_lead_idx" ON "payments" USING btree ("lead_id");
  CREATE INDEX "payments_received_at_idx" ON "payments" USING btree ("received_at");
  CREATE INDEX "payments_recorded_by_idx" ON "payments" USING btree ("recorded_by_id");
  CREATE UNIQUE INDEX "payments_stripe_id_idx" ON "payments" USING btree ("stripe_id");
  CREATE INDEX "payments_updated_at_idx" ON "payments" USING btree ("updated_at");
  CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_invoices_fk" FOREIGN KEY ("invoices_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payments_fk" FOREIGN KEY ("payments_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_invoices_id_idx" ON "payload_locked_documents_rels" USING btree ("invoices_id");
  CREATE INDEX "payload_locked_documents_rels_payments_id_idx" ON "payload_locked_documents_rels" USING btree ("payments_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "lead_events" WHERE "kind" IN ('invoice_sent', 'payment_received', 'payment_refunded');
  DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('sendInvoiceLink', 'sendPaymentReceipt');
  DELETE FROM "payload_jobs" WHERE "task_slug" IN ('sendInvoiceLink', 'sendPaymentReceipt');
   ALTER TABLE "invoices_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "invoices" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "invoice_counters" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "stripe_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_invoices_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_payments_fk";
  DROP TABLE "invoices_lines" CASCADE;
  DROP TABLE "invoices" CASCADE;
  DROP TABLE "payments" CASCADE;
  DROP TABLE "invoice_counters" CASCADE;
  DROP TABLE "stripe_events" CASCADE;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'eraseStaleLeads', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_invoices_id_idx";
  DROP INDEX "payload_locked_documents_rels_payments_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "invoices_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "payments_id";
  DROP TYPE "public"."enum_invoices_kind";
  DROP TYPE "public"."enum_invoices_status";
  DROP TYPE "public"."enum_payments_kind";
  DROP TYPE "public"."enum_payments_method";`)
}
