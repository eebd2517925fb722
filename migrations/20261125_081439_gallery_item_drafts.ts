import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_gallery_items_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__gallery_items_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "_gallery_items_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_description" varchar,
  	"version_before_image_id" integer,
  	"version_after_image_id" integer,
  	"version_created_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__gallery_items_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "gallery_items" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "gallery_items" ALTER COLUMN "before_image_id" DROP NOT NULL;
  ALTER TABLE "gallery_items" ALTER COLUMN "after_image_id" DROP NOT NULL;
  ALTER TABLE "gallery_items" ADD COLUMN "_status" "enum_gallery_items_status" DEFAULT 'draft';
  -- Every item saved before drafts existed was on the gallery.
  UPDATE "gallery_items" SET "_status" = 'published';
  ALTER TABLE "_gallery_items_v" ADD CONSTRAINT "_gallery_items_v_parent_id_gallery_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gallery_items"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_gallery_items_v" ADD CONSTRAINT "_gallery_items_v_version_before_image_id_gallery_images_id_fk" FOREIGN KEY ("version_before_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_gallery_items_v" ADD CONSTRAINT "_gallery_items_v_version_after_image_id_gallery_images_id_fk" FOREIGN KEY ("version_after_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_gallery_items_v" ADD CONSTRAINT "_gallery_items_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "_gallery_items_v_parent_idx" ON "_gallery_items_v" USING btree ("parent_id");
  CREATE INDEX "_gallery_items_v_version_version_before_image_idx" ON "_gallery_items_v" USING btree ("version_before_image_id");
  CREATE INDEX "_gallery_items_v_version_version_after_image_idx" ON "_gallery_items_v" USING btree ("version_after_image_id");
  CREATE INDEX "_gallery_items_v_version_version_created_by_idx" ON "_gallery_items_v" USING btree ("version_created_by_id");
  CREATE INDEX "_gallery_items_v_version_version_updated_at_idx" ON "_gallery_items_v" USING btree ("version_updated_at");
  CREATE INDEX "_gallery_items_v_version_version_created_at_idx" ON "_gallery_items_v" USING btree ("version_created_at");
  CREATE INDEX "_gallery_items_v_version_version__status_idx" ON "_gallery_items_v" USING btree ("version__status");
  CREATE INDEX "_gallery_items_v_created_at_idx" ON "_gallery_items_v" USING btree ("created_at");
  CREATE INDEX "_gallery_items_v_updated_at_idx" ON "_gallery_items_v" USING btree ("updated_at");
  CREATE INDEX "_gallery_items_v_latest_idx" ON "_gallery_items_v" USING btree ("latest");
  CREATE INDEX "_gallery_items_v_autosave_idx" ON "_gallery_items_v" USING btree ("autosave");
  CREATE INDEX "gallery_items__status_idx" ON "gallery_items" USING btree ("_status");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_gallery_items_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_gallery_items_v" CASCADE;
  DROP INDEX "gallery_items__status_idx";
  -- A draft saved without its required values cannot stay once they are required again.
  DELETE FROM "gallery_items" WHERE "title" IS NULL OR "before_image_id" IS NULL OR "after_image_id" IS NULL;
  ALTER TABLE "gallery_items" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "gallery_items" ALTER COLUMN "before_image_id" SET NOT NULL;
  ALTER TABLE "gallery_items" ALTER COLUMN "after_image_id" SET NOT NULL;
  ALTER TABLE "gallery_items" DROP COLUMN "_status";
  DROP TYPE "public"."enum_gallery_items_status";
  DROP TYPE "public"."enum__gallery_items_v_version_status";`)
}
