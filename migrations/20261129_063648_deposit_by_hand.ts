import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_lead_events_kind" ADD VALUE 'deposit_waived' BEFORE 'overpaid';
  ALTER TABLE "quotes" ADD COLUMN "deposit_waived_at" timestamp(3) with time zone;
  ALTER TABLE "quotes" ADD COLUMN "deposit_waived_by_id" integer;
  ALTER TABLE "_quotes_v" ADD COLUMN "version_deposit_waived_at" timestamp(3) with time zone;
  ALTER TABLE "_quotes_v" ADD COLUMN "version_deposit_waived_by_id" integer;
  ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_waived_by_id_users_id_fk" FOREIGN KEY ("deposit_waived_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_quotes_v" ADD CONSTRAINT "_quotes_v_version_deposit_waived_by_id_users_id_fk" FOREIGN KEY ("version_deposit_waived_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "quotes_deposit_waived_by_idx" ON "quotes" USING btree ("deposit_waived_by_id");
  CREATE INDEX "_quotes_v_version_version_deposit_waived_by_idx" ON "_quotes_v" USING btree ("version_deposit_waived_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "quotes" DROP CONSTRAINT "quotes_deposit_waived_by_id_users_id_fk";
  
  ALTER TABLE "_quotes_v" DROP CONSTRAINT "_quotes_v_version_deposit_waived_by_id_users_id_fk";
  
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE text;
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::text;
  DROP TYPE "public"."enum_lead_events_kind";
  CREATE TYPE "public"."enum_lead_events_kind" AS ENUM('note', 'status', 'lost', 'reopened', 'quote_sent', 'quote_viewed', 'quote_accepted', 'quote_changes', 'email_sent', 'email_failed', 'visit_booked', 'visit_moved', 'visit_cancelled', 'visit_confirmed', 'visit_done', 'text_sent', 'text_failed', 'photo_dropped', 'text_opted_out', 'text_opted_in', 'invoice_sent', 'payment_received', 'payment_refunded', 'deposit_paid', 'overpaid', 'payment_check');
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DEFAULT 'note'::"public"."enum_lead_events_kind";
  ALTER TABLE "lead_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_lead_events_kind" USING "kind"::"public"."enum_lead_events_kind";
  DROP INDEX "quotes_deposit_waived_by_idx";
  DROP INDEX "_quotes_v_version_version_deposit_waived_by_idx";
  ALTER TABLE "quotes" DROP COLUMN "deposit_waived_at";
  ALTER TABLE "quotes" DROP COLUMN "deposit_waived_by_id";
  ALTER TABLE "_quotes_v" DROP COLUMN "version_deposit_waived_at";
  ALTER TABLE "_quotes_v" DROP COLUMN "version_deposit_waived_by_id";`)
}
