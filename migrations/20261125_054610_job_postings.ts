import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { CAREERS_POSTING_DEFAULT } from '../src/globals/SitePages/defaults'

// Careers became a collection: the posting the owner edited in the policies global (or, on a
// site that never saved it, the written default) becomes the first open posting, and back.

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_job_postings_employment_type" AS ENUM('FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN');
  CREATE TABLE "job_postings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"employment_type" "enum_job_postings_employment_type" DEFAULT 'FULL_TIME' NOT NULL,
  	"location" varchar DEFAULT 'Central Austin' NOT NULL,
  	"pay_text" varchar DEFAULT 'Competitive pay',
  	"description" jsonb NOT NULL,
  	"apply_email" varchar,
  	"open" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "job_postings_id" integer;
  CREATE INDEX "job_postings_open_idx" ON "job_postings" USING btree ("open");
  CREATE INDEX "job_postings_updated_at_idx" ON "job_postings" USING btree ("updated_at");
  CREATE INDEX "job_postings_created_at_idx" ON "job_postings" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_job_postings_fk" FOREIGN KEY ("job_postings_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_job_postings_id_idx" ON "payload_locked_documents_rels" USING btree ("job_postings_id");`)
  await db.execute(sql`
    INSERT INTO "job_postings" ("title", "description")
    SELECT 'Mobile Wheel Technician',
      COALESCE((SELECT "careers_posting" FROM "site_pages" ORDER BY "id" LIMIT 1), ${JSON.stringify(CAREERS_POSTING_DEFAULT)}::jsonb)`)
  await db.execute(sql`ALTER TABLE "site_pages" DROP COLUMN "careers_posting"`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "site_pages" ADD COLUMN "careers_posting" jsonb`)
  await db.execute(sql`
    UPDATE "site_pages" SET "careers_posting" = COALESCE(
      (SELECT "description" FROM "job_postings" ORDER BY "open" DESC, "created_at" LIMIT 1),
      ${JSON.stringify(CAREERS_POSTING_DEFAULT)}::jsonb)`)
  await db.execute(sql`
  ALTER TABLE "site_pages" ALTER COLUMN "careers_posting" SET NOT NULL;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_job_postings_fk";
  DROP INDEX "payload_locked_documents_rels_job_postings_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "job_postings_id";
  DROP TABLE "job_postings";
  DROP TYPE "public"."enum_job_postings_employment_type";`)
}
