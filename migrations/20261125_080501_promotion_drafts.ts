import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_promotions_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__promotions_v_version_discount_type" AS ENUM('percentage', 'fixed_amount');
  CREATE TYPE "public"."enum__promotions_v_version_banner_color" AS ENUM('primary', 'secondary', 'gold');
  CREATE TYPE "public"."enum__promotions_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "_promotions_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_description" varchar,
  	"version_discount_code" varchar,
  	"version_discount_type" "enum__promotions_v_version_discount_type" DEFAULT 'percentage',
  	"version_discount_value" numeric DEFAULT 0,
  	"version_minimum_amount" numeric DEFAULT 0,
  	"version_end_date" timestamp(3) with time zone,
  	"version_is_active" boolean DEFAULT true,
  	"version_banner_text" varchar,
  	"version_banner_color" "enum__promotions_v_version_banner_color" DEFAULT 'primary',
  	"version_usage_limit" numeric,
  	"version_usage_count" numeric DEFAULT 0,
  	"version_created_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__promotions_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "promotions" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "promotions" ALTER COLUMN "discount_type" DROP NOT NULL;
  ALTER TABLE "promotions" ALTER COLUMN "discount_value" DROP NOT NULL;
  ALTER TABLE "promotions" ADD COLUMN "_status" "enum_promotions_status" DEFAULT 'draft';
  -- Every promotion saved before drafts existed was meant to be live.
  UPDATE "promotions" SET "_status" = 'published';
  ALTER TABLE "_promotions_v" ADD CONSTRAINT "_promotions_v_parent_id_promotions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_promotions_v" ADD CONSTRAINT "_promotions_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "_promotions_v_parent_idx" ON "_promotions_v" USING btree ("parent_id");
  CREATE INDEX "_promotions_v_version_version_is_active_idx" ON "_promotions_v" USING btree ("version_is_active");
  CREATE INDEX "_promotions_v_version_version_created_by_idx" ON "_promotions_v" USING btree ("version_created_by_id");
  CREATE INDEX "_promotions_v_version_version_updated_at_idx" ON "_promotions_v" USING btree ("version_updated_at");
  CREATE INDEX "_promotions_v_version_version_created_at_idx" ON "_promotions_v" USING btree ("version_created_at");
  CREATE INDEX "_promotions_v_version_version__status_idx" ON "_promotions_v" USING btree ("version__status");
  CREATE INDEX "_promotions_v_created_at_idx" ON "_promotions_v" USING btree ("created_at");
  CREATE INDEX "_promotions_v_updated_at_idx" ON "_promotions_v" USING btree ("updated_at");
  CREATE INDEX "_promotions_v_latest_idx" ON "_promotions_v" USING btree ("latest");
  CREATE INDEX "_promotions_v_autosave_idx" ON "_promotions_v" USING btree ("autosave");
  CREATE INDEX "promotions__status_idx" ON "promotions" USING btree ("_status");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_promotions_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_promotions_v" CASCADE;
  DROP INDEX "promotions__status_idx";
  -- A draft saved without its required values cannot stay once they are required again.
  DELETE FROM "promotions" WHERE "title" IS NULL OR "discount_type" IS NULL OR "discount_value" IS NULL;
  ALTER TABLE "promotions" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "promotions" ALTER COLUMN "discount_type" SET NOT NULL;
  ALTER TABLE "promotions" ALTER COLUMN "discount_value" SET NOT NULL;
  ALTER TABLE "promotions" DROP COLUMN "_status";
  DROP TYPE "public"."enum_promotions_status";
  DROP TYPE "public"."enum__promotions_v_version_discount_type";
  DROP TYPE "public"."enum__promotions_v_version_banner_color";
  DROP TYPE "public"."enum__promotions_v_version_status";`)
}
