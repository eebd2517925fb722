import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_statement_payments_method" AS ENUM('check', 'ach', 'card');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'remindOverdueStatements' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendStatementReminder' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'remindOverdueStatements' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendStatementReminder' BEFORE 'createCollectionExport';
  CREATE TABLE "statement_payments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"statement_id" integer NOT NULL,
  	"method" "enum_statement_payments_method" NOT NULL,
  	"amount_cents" numeric NOT NULL,
  	"received_at" timestamp(3) with time zone NOT NULL,
  	"reference" varchar,
  	"form_key" varchar,
  	"created_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "statements" ADD COLUMN "paid_cents" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "statements" ADD COLUMN "reminded_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "statement_payments_id" integer;
  ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "statement_payments_statement_idx" ON "statement_payments" USING btree ("statement_id");
  CREATE UNIQUE INDEX "statement_payments_form_key_idx" ON "statement_payments" USING btree ("form_key");
  CREATE INDEX "statement_payments_created_by_idx" ON "statement_payments" USING btree ("created_by_id");
  CREATE INDEX "statement_payments_updated_at_idx" ON "statement_payments" USING btree ("updated_at");
  CREATE INDEX "statement_payments_created_at_idx" ON "statement_payments" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_statement_payments_fk" FOREIGN KEY ("statement_payments_id") REFERENCES "public"."statement_payments"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_statement_payments_id_idx" ON "payload_locked_documents_rels" USING btree ("statement_payments_id");
  ALTER TABLE "statements" ADD CONSTRAINT "statements_paid_within_total" CHECK ("statements"."paid_cents" >= 0 AND "statements"."paid_cents" <= "statements"."total_cents");`)
}

// Payload's down statements, with the jobs of the two tasks deleted before their enum values
// go, and the constraint dropped before its table (DROP TABLE ... CASCADE drops it first).
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" IN ('remindOverdueStatements', 'sendStatementReminder');
   DELETE FROM "payload_jobs" WHERE "task_slug" IN ('remindOverdueStatements', 'sendStatementReminder');
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_statement_payments_fk";
   ALTER TABLE "statement_payments" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "statement_payments" CASCADE;
  ALTER TABLE "statements" DROP CONSTRAINT "statements_paid_within_total";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'sendWorkOrderProgress', 'remindUnpaidInvoices', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'sendQuoteLink', 'sendQuoteAnswer', 'sendReviewRequest', 'sendVisitConfirmation', 'sendVisitReminder', 'sendVisitCancellation', 'sendVisitNotice', 'sendLeadAlert', 'sendOwnerAlert', 'fetchTextPhotos', 'replyToHelp', 'replyToVisitConfirmation', 'sendInvoiceLink', 'sendPaymentReceipt', 'fetchStripeFee', 'expireCheckoutSessions', 'expireDepositSessions', 'sendCreditNote', 'eraseStaleLeads', 'removeOrphanPhotos', 'issueMonthlyStatements', 'sendStatement', 'sendWorkOrderProgress', 'remindUnpaidInvoices', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_statement_payments_id_idx";
  ALTER TABLE "statements" DROP COLUMN "paid_cents";
  ALTER TABLE "statements" DROP COLUMN "reminded_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "statement_payments_id";
  DROP TYPE "public"."enum_statement_payments_method";`)
}
