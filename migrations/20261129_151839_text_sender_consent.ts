import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_text_messages_consent_basis" AS ENUM('form', 'texted', 'phone');
  ALTER TABLE "text_messages" ADD COLUMN "sent_by_id" integer;
  ALTER TABLE "text_messages" ADD COLUMN "consent_basis" "enum_text_messages_consent_basis";
  ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "text_messages_sent_by_idx" ON "text_messages" USING btree ("sent_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "text_messages" DROP CONSTRAINT "text_messages_sent_by_id_users_id_fk";
  
  DROP INDEX "text_messages_sent_by_idx";
  ALTER TABLE "text_messages" DROP COLUMN "sent_by_id";
  ALTER TABLE "text_messages" DROP COLUMN "consent_basis";
  DROP TYPE "public"."enum_text_messages_consent_basis";`)
}
