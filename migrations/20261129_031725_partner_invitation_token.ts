import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "invitation_token_hash" varchar;
  ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp(3) with time zone;
  CREATE INDEX "users_invitation_token_hash_idx" ON "users" USING btree ("invitation_token_hash");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "users_invitation_token_hash_idx";
  ALTER TABLE "users" DROP COLUMN "invitation_token_hash";
  ALTER TABLE "users" DROP COLUMN "invitation_expires_at";`)
}
