import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_sign_up_method" AS ENUM('email', 'google', 'admin', 'server');
  ALTER TABLE "users" ADD COLUMN "sign_up_method" "enum_users_sign_up_method";
  ALTER TABLE "site_settings" ADD COLUMN "time_zone" varchar DEFAULT 'America/Chicago';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" DROP COLUMN "sign_up_method";
  ALTER TABLE "site_settings" DROP COLUMN "time_zone";
  DROP TYPE "public"."enum_users_sign_up_method";`)
}
