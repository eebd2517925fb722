import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "conversation_reads" (
  	"user_id" integer NOT NULL,
  	"phone" text NOT NULL,
  	"read_at" timestamp(3) with time zone NOT NULL
  );
  
  ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "conversation_reads_user_phone_idx" ON "conversation_reads" USING btree ("user_id","phone");
  CREATE INDEX "text_messages_received_idx" ON "text_messages" USING btree ("from_number","created_at") WHERE direction = 'in' AND lead_id IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "conversation_reads" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "conversation_reads" CASCADE;
  DROP INDEX "text_messages_received_idx";`)
}
