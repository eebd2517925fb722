import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The careers page's text as it was when postings began: a migration carries its own data, so a
// later edit of the app's defaults never changes what this one did.
const CAREERS_POSTING_DEFAULT = {"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Curbside Rim Co. is growing and looking for a Mobile Wheel Technician to repair and refinish wheels on site for our customers and dealership partners across central Austin.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"textFormat":0,"textStyle":"","direction":"ltr","format":"","indent":0,"version":1},{"type":"heading","tag":"h3","children":[{"type":"text","text":"What you will do","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"list","listType":"bullet","tag":"ul","start":1,"children":[{"type":"listitem","value":1,"children":[{"type":"text","text":"Repair curb rash, scrapes and cosmetic damage on alloy wheels at customers’ homes, offices and dealerships.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":2,"children":[{"type":"text","text":"Sand, fill, prime, colour-match and clear-coat wheels from our fully equipped service van.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":3,"children":[{"type":"text","text":"Check every finished wheel against our quality standards and explain the work to the customer.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"heading","tag":"h3","children":[{"type":"text","text":"What we are looking for","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"list","listType":"bullet","tag":"ul","start":1,"children":[{"type":"listitem","value":1,"children":[{"type":"text","text":"Experience in automotive refinishing, body work or wheel repair (we train the right person).","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":2,"children":[{"type":"text","text":"A valid Texas driver’s license and a clean driving record.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":3,"children":[{"type":"text","text":"Care for detail and friendly, reliable communication with customers.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"heading","tag":"h3","children":[{"type":"text","text":"What we offer","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"list","listType":"bullet","tag":"ul","start":1,"children":[{"type":"listitem","value":1,"children":[{"type":"text","text":"Full-time position based in central Austin.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":2,"children":[{"type":"text","text":"Competitive pay, paid training and all tools and materials provided.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1},{"type":"listitem","value":3,"children":[{"type":"text","text":"A company van and a steady schedule, Monday to Saturday.","format":0,"detail":0,"mode":"normal","style":"","version":1}],"direction":"ltr","format":"","indent":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1}}

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
