import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "erasures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"erased_by_id" integer,
  	"lead_count" numeric NOT NULL,
  	"file_count" numeric NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "erasures_id" integer;
  ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_id_users_id_fk" FOREIGN KEY ("erased_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "erasures_erased_by_idx" ON "erasures" USING btree ("erased_by_id");
  CREATE INDEX "erasures_updated_at_idx" ON "erasures" USING btree ("updated_at");
  CREATE INDEX "erasures_created_at_idx" ON "erasures" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_erasures_fk" FOREIGN KEY ("erasures_id") REFERENCES "public"."erasures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_erasures_id_idx" ON "payload_locked_documents_rels" USING btree ("erasures_id");`)
}

// Foreign keys before the table (the generated order failed, as in the redirects migration).
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_erasures_fk";
  DROP INDEX "payload_locked_documents_rels_erasures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "erasures_id";
  DROP TABLE "erasures";`)
}
