import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "home_page" ADD COLUMN "meta_title" varchar;
  ALTER TABLE "home_page" ADD COLUMN "meta_description" varchar;
  ALTER TABLE "home_page" ADD COLUMN "meta_image_id" integer;
  ALTER TABLE "_home_page_v" ADD COLUMN "version_meta_title" varchar;
  ALTER TABLE "_home_page_v" ADD COLUMN "version_meta_description" varchar;
  ALTER TABLE "_home_page_v" ADD COLUMN "version_meta_image_id" integer;
  ALTER TABLE "home_page" ADD CONSTRAINT "home_page_meta_image_id_gallery_images_id_fk" FOREIGN KEY ("meta_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_home_page_v" ADD CONSTRAINT "_home_page_v_version_meta_image_id_gallery_images_id_fk" FOREIGN KEY ("version_meta_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "home_page_meta_meta_image_idx" ON "home_page" USING btree ("meta_image_id");
  CREATE INDEX "_home_page_v_version_meta_version_meta_image_idx" ON "_home_page_v" USING btree ("version_meta_image_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "home_page" DROP CONSTRAINT "home_page_meta_image_id_gallery_images_id_fk";
  
  ALTER TABLE "_home_page_v" DROP CONSTRAINT "_home_page_v_version_meta_image_id_gallery_images_id_fk";
  
  DROP INDEX "home_page_meta_meta_image_idx";
  DROP INDEX "_home_page_v_version_meta_version_meta_image_idx";
  ALTER TABLE "home_page" DROP COLUMN "meta_title";
  ALTER TABLE "home_page" DROP COLUMN "meta_description";
  ALTER TABLE "home_page" DROP COLUMN "meta_image_id";
  ALTER TABLE "_home_page_v" DROP COLUMN "version_meta_title";
  ALTER TABLE "_home_page_v" DROP COLUMN "version_meta_description";
  ALTER TABLE "_home_page_v" DROP COLUMN "version_meta_image_id";`)
}
