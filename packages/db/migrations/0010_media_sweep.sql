-- Stored images that may have lost their last reference, for the media sweep to delete once unreferenced past its grace period, and indexes on the columns it looks keys up in (existing shops: images removed before this migration stay in storage).
CREATE TABLE "media_sweep_queue" (
	"key" text PRIMARY KEY NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_sweep_queue_touched" ON "media_sweep_queue" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "order_lines_image" ON "order_lines" USING btree ("image");--> statement-breakpoint
CREATE INDEX "product_images_media_key" ON "product_images" USING btree ("media_key");