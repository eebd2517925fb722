import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_leads_lost_reason" AS ENUM('declined', 'no_answer', 'out_of_area', 'duplicate');
  CREATE TYPE "public"."enum_leads_quote_status" AS ENUM('draft', 'sent', 'accepted', 'changes_requested');
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed');
  CREATE TABLE "lead_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer NOT NULL,
  	"kind" "enum_lead_events_kind" DEFAULT 'note' NOT NULL,
  	"text" varchar,
  	"by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "leads" ADD COLUMN "lost_reason" "enum_leads_lost_reason";
  ALTER TABLE "leads" ADD COLUMN "lost_at" timestamp(3) with time zone;
  ALTER TABLE "leads" ADD COLUMN "quote_status" "enum_leads_quote_status";
  ALTER TABLE "leads" ADD COLUMN "quote_total" numeric;
  ALTER TABLE "leads" ADD COLUMN "quote_accepted_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_events_id" integer;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id");
  CREATE INDEX "lead_events_by_idx" ON "lead_events" USING btree ("by_id");
  CREATE INDEX "lead_events_updated_at_idx" ON "lead_events" USING btree ("updated_at");
  CREATE INDEX "lead_events_created_at_idx" ON "lead_events" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_events_fk" FOREIGN KEY ("lead_events_id") REFERENCES "public"."lead_events"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "leads_lost_reason_idx" ON "leads" USING btree ("lost_reason");
  CREATE INDEX "leads_quote_status_idx" ON "leads" USING btree ("quote_status");
  CREATE INDEX "payload_locked_documents_rels_lead_events_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_events_id");`)
  // Leads quoted before this migration show their latest quote too.
  await db.execute(sql`
  UPDATE "leads" l SET "quote_status" = q."status"::text::"enum_leads_quote_status",
    "quote_total" = q."total_cents" / 100.0, "quote_accepted_at" = q."accepted_at"
  FROM (SELECT DISTINCT ON ("lead_id") * FROM "quotes" ORDER BY "lead_id", "created_at" DESC, "id" DESC) q
  WHERE q."lead_id" = l."id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The down statements are Payload's, with the constraint dropped before its table.
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_events_fk";
  ALTER TABLE "lead_events" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "lead_events" CASCADE;
  
  DROP INDEX "leads_lost_reason_idx";
  DROP INDEX "leads_quote_status_idx";
  DROP INDEX "payload_locked_documents_rels_lead_events_id_idx";
  ALTER TABLE "leads" DROP COLUMN "lost_reason";
  ALTER TABLE "leads" DROP COLUMN "lost_at";
  ALTER TABLE "leads" DROP COLUMN "quote_status";
  ALTER TABLE "leads" DROP COLUMN "quote_total";
  ALTER TABLE "leads" DROP COLUMN "quote_accepted_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_events_id";
  DROP TYPE "public"."enum_leads_lost_reason";
  DROP TYPE "public"."enum_leads_quote_status";
  DROP TYPE "public"."enum_lead_events_kind";`)
}
