import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_dealerships_price_list_service" AS ENUM('rim_rash', 'rim_restoration');
  CREATE TYPE "public"."enum_work_orders_vehicles_wheels_position" AS ENUM('LF', 'RF', 'LR', 'RR', 'spare');
  CREATE TYPE "public"."enum_work_orders_vehicles_wheels_service" AS ENUM('rim_rash', 'rim_restoration');
  CREATE TYPE "public"."enum_work_orders_vehicles_wheels_status" AS ENUM('to_do', 'done');
  CREATE TYPE "public"."enum_work_orders_vehicles_status" AS ENUM('received', 'scheduled', 'in_progress', 'done');
  ALTER TYPE "public"."enum_users_role" ADD VALUE 'partner';
  CREATE TABLE "dealerships_contacts" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"title" varchar,
  	"phone" varchar,
  	"email" varchar
  );
  
  CREATE TABLE "dealerships_price_list" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"service" "enum_dealerships_price_list_service" NOT NULL,
  	"unit_price_cents" numeric NOT NULL
  );
  
  CREATE TABLE "dealerships" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"address" varchar,
  	"billing_email" varchar NOT NULL,
  	"net_terms_days" numeric DEFAULT 30 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "work_orders_vehicles_wheels" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"position" "enum_work_orders_vehicles_wheels_position" NOT NULL,
  	"service" "enum_work_orders_vehicles_wheels_service" NOT NULL,
  	"status" "enum_work_orders_vehicles_wheels_status" DEFAULT 'to_do' NOT NULL,
  	"done_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "work_orders_vehicles" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"stock_number" varchar NOT NULL,
  	"vin" varchar NOT NULL,
  	"year" numeric,
  	"make" varchar,
  	"model" varchar,
  	"colour" varchar,
  	"lot_location" varchar,
  	"status" "enum_work_orders_vehicles_status" DEFAULT 'received' NOT NULL,
  	"received_at" timestamp(3) with time zone,
  	"scheduled_at" timestamp(3) with time zone,
  	"started_at" timestamp(3) with time zone,
  	"done_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "work_orders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dealership_id" integer NOT NULL,
  	"po_number" varchar,
  	"ro_number" varchar,
  	"due_date" timestamp(3) with time zone,
  	"notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "work_orders_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"work_order_photos_id" integer
  );
  
  CREATE TABLE "work_order_photos" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dealership_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"prefix" varchar DEFAULT 'work-order-photos',
  	"_objectkey" varchar,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_thumbnail_url" varchar,
  	"sizes_thumbnail_width" numeric,
  	"sizes_thumbnail_height" numeric,
  	"sizes_thumbnail_mime_type" varchar,
  	"sizes_thumbnail_filesize" numeric,
  	"sizes_thumbnail_filename" varchar
  );
  
  ALTER TABLE "users" ADD COLUMN "dealership_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "dealerships_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "work_orders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "work_order_photos_id" integer;
  ALTER TABLE "dealerships_contacts" ADD CONSTRAINT "dealerships_contacts_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "dealerships_price_list" ADD CONSTRAINT "dealerships_price_list_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "work_orders_vehicles_wheels" ADD CONSTRAINT "work_orders_vehicles_wheels_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."work_orders_vehicles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "work_orders_vehicles" ADD CONSTRAINT "work_orders_vehicles_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "work_orders_rels" ADD CONSTRAINT "work_orders_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "work_orders_rels" ADD CONSTRAINT "work_orders_rels_work_order_photos_fk" FOREIGN KEY ("work_order_photos_id") REFERENCES "public"."work_order_photos"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "dealerships_contacts_order_idx" ON "dealerships_contacts" USING btree ("_order");
  CREATE INDEX "dealerships_contacts_parent_id_idx" ON "dealerships_contacts" USING btree ("_parent_id");
  CREATE INDEX "dealerships_price_list_order_idx" ON "dealerships_price_list" USING btree ("_order");
  CREATE INDEX "dealerships_price_list_parent_id_idx" ON "dealerships_price_list" USING btree ("_parent_id");
  CREATE INDEX "dealerships_name_idx" ON "dealerships" USING btree ("name");
  CREATE INDEX "dealerships_updated_at_idx" ON "dealerships" USING btree ("updated_at");
  CREATE INDEX "dealerships_created_at_idx" ON "dealerships" USING btree ("created_at");
  CREATE INDEX "work_orders_vehicles_wheels_order_idx" ON "work_orders_vehicles_wheels" USING btree ("_order");
  CREATE INDEX "work_orders_vehicles_wheels_parent_id_idx" ON "work_orders_vehicles_wheels" USING btree ("_parent_id");
  CREATE INDEX "work_orders_vehicles_order_idx" ON "work_orders_vehicles" USING btree ("_order");
  CREATE INDEX "work_orders_vehicles_parent_id_idx" ON "work_orders_vehicles" USING btree ("_parent_id");
  CREATE INDEX "work_orders_vehicles_vin_idx" ON "work_orders_vehicles" USING btree ("vin");
  CREATE INDEX "work_orders_vehicles_status_idx" ON "work_orders_vehicles" USING btree ("status");
  CREATE INDEX "work_orders_dealership_idx" ON "work_orders" USING btree ("dealership_id");
  CREATE INDEX "work_orders_po_number_idx" ON "work_orders" USING btree ("po_number");
  CREATE INDEX "work_orders_ro_number_idx" ON "work_orders" USING btree ("ro_number");
  CREATE INDEX "work_orders_updated_at_idx" ON "work_orders" USING btree ("updated_at");
  CREATE INDEX "work_orders_created_at_idx" ON "work_orders" USING btree ("created_at");
  CREATE INDEX "work_orders_rels_order_idx" ON "work_orders_rels" USING btree ("order");
  CREATE INDEX "work_orders_rels_parent_idx" ON "work_orders_rels" USING btree ("parent_id");
  CREATE INDEX "work_orders_rels_path_idx" ON "work_orders_rels" USING btree ("path");
  CREATE INDEX "work_orders_rels_work_order_photos_id_idx" ON "work_orders_rels" USING btree ("work_order_photos_id");
  CREATE INDEX "work_order_photos_dealership_idx" ON "work_order_photos" USING btree ("dealership_id");
  CREATE INDEX "work_order_photos_updated_at_idx" ON "work_order_photos" USING btree ("updated_at");
  CREATE INDEX "work_order_photos_created_at_idx" ON "work_order_photos" USING btree ("created_at");
  CREATE UNIQUE INDEX "work_order_photos_filename_idx" ON "work_order_photos" USING btree ("filename");
  CREATE INDEX "work_order_photos_sizes_thumbnail_sizes_thumbnail_filena_idx" ON "work_order_photos" USING btree ("sizes_thumbnail_filename");
  ALTER TABLE "users" ADD CONSTRAINT "users_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_dealerships_fk" FOREIGN KEY ("dealerships_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_work_orders_fk" FOREIGN KEY ("work_orders_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_work_order_photos_fk" FOREIGN KEY ("work_order_photos_id") REFERENCES "public"."work_order_photos"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_dealership_idx" ON "users" USING btree ("dealership_id");
  CREATE INDEX "payload_locked_documents_rels_dealerships_id_idx" ON "payload_locked_documents_rels" USING btree ("dealerships_id");
  CREATE INDEX "payload_locked_documents_rels_work_orders_id_idx" ON "payload_locked_documents_rels" USING btree ("work_orders_id");
  CREATE INDEX "payload_locked_documents_rels_work_order_photos_id_idx" ON "payload_locked_documents_rels" USING btree ("work_order_photos_id");`)
}

// Payload's down statements, with the constraints dropped before their tables (DROP TABLE ...
// CASCADE removes them, and dropping them after would fail) and the partner accounts removed
// before their role goes.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "users" WHERE "role" = 'partner';
  ALTER TABLE "users" DROP CONSTRAINT "users_dealership_id_dealerships_id_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_dealerships_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_work_orders_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_work_order_photos_fk";
  ALTER TABLE "dealerships_contacts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "dealerships_price_list" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "dealerships" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "work_orders_vehicles_wheels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "work_orders_vehicles" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "work_orders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "work_orders_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "work_order_photos" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "dealerships_contacts" CASCADE;
  DROP TABLE "dealerships_price_list" CASCADE;
  DROP TABLE "dealerships" CASCADE;
  DROP TABLE "work_orders_vehicles_wheels" CASCADE;
  DROP TABLE "work_orders_vehicles" CASCADE;
  DROP TABLE "work_orders" CASCADE;
  DROP TABLE "work_orders_rels" CASCADE;
  DROP TABLE "work_order_photos" CASCADE;
  ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text;
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::text;
  DROP TYPE "public"."enum_users_role";
  CREATE TYPE "public"."enum_users_role" AS ENUM('admin', 'staff');
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::"public"."enum_users_role";
  ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."enum_users_role" USING "role"::"public"."enum_users_role";
  DROP INDEX "users_dealership_idx";
  DROP INDEX "payload_locked_documents_rels_dealerships_id_idx";
  DROP INDEX "payload_locked_documents_rels_work_orders_id_idx";
  DROP INDEX "payload_locked_documents_rels_work_order_photos_id_idx";
  ALTER TABLE "users" DROP COLUMN "dealership_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "dealerships_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "work_orders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "work_order_photos_id";
  DROP TYPE "public"."enum_dealerships_price_list_service";
  DROP TYPE "public"."enum_work_orders_vehicles_wheels_position";
  DROP TYPE "public"."enum_work_orders_vehicles_wheels_service";
  DROP TYPE "public"."enum_work_orders_vehicles_wheels_status";
  DROP TYPE "public"."enum_work_orders_vehicles_status";`)
}
