import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_work_orders_status" AS ENUM('received', 'scheduled', 'in_progress', 'done');
  ALTER TABLE "work_orders" ADD COLUMN "status" "enum_work_orders_status" DEFAULT 'received' NOT NULL;
  CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status");`)
  // Work orders stored before: their status from their cars, as workOrderStatus() gives it.
  await db.execute(sql`
  UPDATE "work_orders" o SET "status" = (
    SELECT CASE
      WHEN count(*) > 0 AND bool_and(v."status" = 'done') THEN 'done'
      WHEN bool_or(v."status" IN ('in_progress', 'done')) THEN 'in_progress'
      WHEN bool_or(v."status" = 'scheduled') THEN 'scheduled'
      ELSE 'received' END::"enum_work_orders_status"
    FROM "work_orders_vehicles" v WHERE v."_parent_id" = o."id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "work_orders_status_idx";
  ALTER TABLE "work_orders" DROP COLUMN "status";
  DROP TYPE "public"."enum_work_orders_status";`)
}
