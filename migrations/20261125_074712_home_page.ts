import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_home_page_pricing_offers_key" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration');
  CREATE TYPE "public"."enum_home_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__home_page_v_version_pricing_offers_key" AS ENUM('rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration');
  CREATE TYPE "public"."enum__home_page_v_version_status" AS ENUM('draft', 'published');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  CREATE TABLE "home_page_hero_claims" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar
  );
  
  CREATE TABLE "home_page_services_for_customers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "home_page_services_for_dealerships" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "home_page_pricing_offers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"key" "enum_home_page_pricing_offers_key",
  	"title" varchar,
  	"price" numeric,
  	"unit" varchar,
  	"description" varchar
  );
  
  CREATE TABLE "home_page_process_steps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "home_page_reviews_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"rating" numeric,
  	"date" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "home_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"hero_headline" varchar,
  	"hero_text" varchar,
  	"pricing_note" varchar,
  	"reviews_rating" numeric,
  	"reviews_count" numeric,
  	"reviews_label" varchar,
  	"contact_title" varchar,
  	"contact_text" varchar,
  	"_status" "enum_home_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_home_page_v_version_hero_claims" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_services_for_customers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_services_for_dealerships" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_pricing_offers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" "enum__home_page_v_version_pricing_offers_key",
  	"title" varchar,
  	"price" numeric,
  	"unit" varchar,
  	"description" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_process_steps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_reviews_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"rating" numeric,
  	"date" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_hero_headline" varchar,
  	"version_hero_text" varchar,
  	"version_pricing_note" varchar,
  	"version_reviews_rating" numeric,
  	"version_reviews_count" numeric,
  	"version_reviews_label" varchar,
  	"version_contact_title" varchar,
  	"version_contact_text" varchar,
  	"version__status" "enum__home_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "leads" ADD COLUMN "offered_title" varchar;
  ALTER TABLE "leads" ADD COLUMN "offered_price_cents" numeric;
  ALTER TABLE "leads" ADD COLUMN "offered_unit" varchar;
  ALTER TABLE "home_page_hero_claims" ADD CONSTRAINT "home_page_hero_claims_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_services_for_customers" ADD CONSTRAINT "home_page_services_for_customers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_services_for_dealerships" ADD CONSTRAINT "home_page_services_for_dealerships_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_pricing_offers" ADD CONSTRAINT "home_page_pricing_offers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_process_steps" ADD CONSTRAINT "home_page_process_steps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_reviews_items" ADD CONSTRAINT "home_page_reviews_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_hero_claims" ADD CONSTRAINT "_home_page_v_version_hero_claims_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_services_for_customers" ADD CONSTRAINT "_home_page_v_version_services_for_customers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_services_for_dealerships" ADD CONSTRAINT "_home_page_v_version_services_for_dealerships_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_pricing_offers" ADD CONSTRAINT "_home_page_v_version_pricing_offers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_process_steps" ADD CONSTRAINT "_home_page_v_version_process_steps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_reviews_items" ADD CONSTRAINT "_home_page_v_version_reviews_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "home_page_hero_claims_order_idx" ON "home_page_hero_claims" USING btree ("_order");
  CREATE INDEX "home_page_hero_claims_parent_id_idx" ON "home_page_hero_claims" USING btree ("_parent_id");
  CREATE INDEX "home_page_services_for_customers_order_idx" ON "home_page_services_for_customers" USING btree ("_order");
  CREATE INDEX "home_page_services_for_customers_parent_id_idx" ON "home_page_services_for_customers" USING btree ("_parent_id");
  CREATE INDEX "home_page_services_for_dealerships_order_idx" ON "home_page_services_for_dealerships" USING btree ("_order");
  CREATE INDEX "home_page_services_for_dealerships_parent_id_idx" ON "home_page_services_for_dealerships" USING btree ("_parent_id");
  CREATE INDEX "home_page_pricing_offers_order_idx" ON "home_page_pricing_offers" USING btree ("_order");
  CREATE INDEX "home_page_pricing_offers_parent_id_idx" ON "home_page_pricing_offers" USING btree ("_parent_id");
  CREATE INDEX "home_page_process_steps_order_idx" ON "home_page_process_steps" USING btree ("_order");
  CREATE INDEX "home_page_process_steps_parent_id_idx" ON "home_page_process_steps" USING btree ("_parent_id");
  CREATE INDEX "home_page_reviews_items_order_idx" ON "home_page_reviews_items" USING btree ("_order");
  CREATE INDEX "home_page_reviews_items_parent_id_idx" ON "home_page_reviews_items" USING btree ("_parent_id");
  CREATE INDEX "home_page__status_idx" ON "home_page" USING btree ("_status");
  CREATE INDEX "_home_page_v_version_hero_claims_order_idx" ON "_home_page_v_version_hero_claims" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_hero_claims_parent_id_idx" ON "_home_page_v_version_hero_claims" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_services_for_customers_order_idx" ON "_home_page_v_version_services_for_customers" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_services_for_customers_parent_id_idx" ON "_home_page_v_version_services_for_customers" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_services_for_dealerships_order_idx" ON "_home_page_v_version_services_for_dealerships" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_services_for_dealerships_parent_id_idx" ON "_home_page_v_version_services_for_dealerships" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_pricing_offers_order_idx" ON "_home_page_v_version_pricing_offers" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_pricing_offers_parent_id_idx" ON "_home_page_v_version_pricing_offers" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_process_steps_order_idx" ON "_home_page_v_version_process_steps" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_process_steps_parent_id_idx" ON "_home_page_v_version_process_steps" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_reviews_items_order_idx" ON "_home_page_v_version_reviews_items" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_reviews_items_parent_id_idx" ON "_home_page_v_version_reviews_items" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_version__status_idx" ON "_home_page_v" USING btree ("version__status");
  CREATE INDEX "_home_page_v_created_at_idx" ON "_home_page_v" USING btree ("created_at");
  CREATE INDEX "_home_page_v_updated_at_idx" ON "_home_page_v" USING btree ("updated_at");
  CREATE INDEX "_home_page_v_latest_idx" ON "_home_page_v" USING btree ("latest");
  CREATE INDEX "_home_page_v_autosave_idx" ON "_home_page_v" USING btree ("autosave");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "home_page_hero_claims" CASCADE;
  DROP TABLE "home_page_services_for_customers" CASCADE;
  DROP TABLE "home_page_services_for_dealerships" CASCADE;
  DROP TABLE "home_page_pricing_offers" CASCADE;
  DROP TABLE "home_page_process_steps" CASCADE;
  DROP TABLE "home_page_reviews_items" CASCADE;
  DROP TABLE "home_page" CASCADE;
  DROP TABLE "_home_page_v_version_hero_claims" CASCADE;
  DROP TABLE "_home_page_v_version_services_for_customers" CASCADE;
  DROP TABLE "_home_page_v_version_services_for_dealerships" CASCADE;
  DROP TABLE "_home_page_v_version_pricing_offers" CASCADE;
  DROP TABLE "_home_page_v_version_process_steps" CASCADE;
  DROP TABLE "_home_page_v_version_reviews_items" CASCADE;
  DROP TABLE "_home_page_v" CASCADE;
  -- The enums lose schedulePublish: its queued and logged jobs go first.
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'schedulePublish';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'schedulePublish';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'createCollectionExport', 'createCollectionImport');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendQuoteEmail', 'createCollectionExport', 'createCollectionImport');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "leads" DROP COLUMN "offered_title";
  ALTER TABLE "leads" DROP COLUMN "offered_price_cents";
  ALTER TABLE "leads" DROP COLUMN "offered_unit";
  DROP TYPE "public"."enum_home_page_pricing_offers_key";
  DROP TYPE "public"."enum_home_page_status";
  DROP TYPE "public"."enum__home_page_v_version_pricing_offers_key";
  DROP TYPE "public"."enum__home_page_v_version_status";`)
}
