import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "quote_rate_limits" RENAME TO "rate_limits";
  ALTER TABLE "rate_limits" RENAME COLUMN "client" TO "key";
  ALTER TABLE "payload_locked_documents_rels" RENAME COLUMN "quote_rate_limits_id" TO "rate_limits_id";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_quote_rate_limits_fk";
  
  DROP INDEX "quote_rate_limits_client_idx";
  DROP INDEX "quote_rate_limits_updated_at_idx";
  DROP INDEX "quote_rate_limits_created_at_idx";
  DROP INDEX "payload_locked_documents_rels_quote_rate_limits_id_idx";
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_rate_limits_fk" FOREIGN KEY ("rate_limits_id") REFERENCES "public"."rate_limits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "rate_limits_key_idx" ON "rate_limits" USING btree ("key");
  CREATE INDEX "rate_limits_updated_at_idx" ON "rate_limits" USING btree ("updated_at");
  CREATE INDEX "rate_limits_created_at_idx" ON "rate_limits" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_rate_limits_id_idx" ON "payload_locked_documents_rels" USING btree ("rate_limits_id");`)
  // The quote limit's counters were keyed by the bare client address; every key now
  // names its limit, so running windows keep counting under their new names.
  await db.execute(sql`
  UPDATE "rate_limits" SET "key" = 'quote:address:' || "key"
    WHERE "key" !~ '^(quote|signup|login|forgot):[a-z]+:';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Only the quote limit had a table before; the account limits' counters go.
  await db.execute(sql`
  DELETE FROM "rate_limits" WHERE "key" NOT LIKE 'quote:address:%';
  UPDATE "rate_limits" SET "key" = substr("key", length('quote:address:') + 1);`)
  await db.execute(sql`
   ALTER TABLE "rate_limits" RENAME TO "quote_rate_limits";
  ALTER TABLE "quote_rate_limits" RENAME COLUMN "key" TO "client";
  ALTER TABLE "payload_locked_documents_rels" RENAME COLUMN "rate_limits_id" TO "quote_rate_limits_id";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_rate_limits_fk";
  
  DROP INDEX "rate_limits_key_idx";
  DROP INDEX "rate_limits_updated_at_idx";
  DROP INDEX "rate_limits_created_at_idx";
  DROP INDEX "payload_locked_documents_rels_rate_limits_id_idx";
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_quote_rate_limits_fk" FOREIGN KEY ("quote_rate_limits_id") REFERENCES "public"."quote_rate_limits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "quote_rate_limits_client_idx" ON "quote_rate_limits" USING btree ("client");
  CREATE INDEX "quote_rate_limits_updated_at_idx" ON "quote_rate_limits" USING btree ("updated_at");
  CREATE INDEX "quote_rate_limits_created_at_idx" ON "quote_rate_limits" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_quote_rate_limits_id_idx" ON "payload_locked_documents_rels" USING btree ("quote_rate_limits_id");`)
}
