import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "leads" ADD COLUMN "phone_e164" varchar;
  CREATE INDEX "leads_phone_e164_idx" ON "leads" USING btree ("phone_e164");`)
  // The leads already there, by phoneMatchKey's rule (src/lib/text-messages.ts); erased ones have none.
  await db.execute(sql`
  UPDATE "leads" l SET "phone_e164" = CASE
      WHEN k.raw LIKE '+%' THEN CASE WHEN length(k.digits) BETWEEN 8 AND 15 THEN '+' || k.digits END
      WHEN length(k.digits) = 10 THEN '+1' || k.digits
      WHEN length(k.digits) = 11 AND k.digits LIKE '1%' THEN '+' || k.digits
    END
  FROM (SELECT id, btrim("phone", E' \\t\\n\\r\\f\\v') AS raw, regexp_replace("phone", '\\D', '', 'g') AS digits
        FROM "leads" WHERE "erased_at" IS NULL) k
  WHERE l.id = k.id;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "leads_phone_e164_idx";
  ALTER TABLE "leads" DROP COLUMN "phone_e164";`)
}
