DROP INDEX "users_name";--> statement-breakpoint
CREATE INDEX "users_name" ON "users" USING btree ("name" collate "und-x-icu","email","id");