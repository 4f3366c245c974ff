-- Stored images that may have lost their last reference, for the media sweep to delete once unreferenced past its grace period (existing shops: images removed before this migration stay in storage).
CREATE TABLE "media_releases" (
	"key" text PRIMARY KEY NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_releases_touched" ON "media_releases" USING btree ("touched_at");