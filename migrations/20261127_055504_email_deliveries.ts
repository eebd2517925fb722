import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "email_deliveries" (
  	"key" text PRIMARY KEY NOT NULL,
  	"claimed_at" timestamp(3) with time zone,
  	"handed_over_at" timestamp(3) with time zone,
  	"sent_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "leads" DROP COLUMN "business_email_claimed_at";
  ALTER TABLE "leads" DROP COLUMN "customer_email_claimed_at";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "email_deliveries" CASCADE;
  ALTER TABLE "leads" ADD COLUMN "business_email_claimed_at" timestamp(3) with time zone;
  ALTER TABLE "leads" ADD COLUMN "customer_email_claimed_at" timestamp(3) with time zone;`)
}
