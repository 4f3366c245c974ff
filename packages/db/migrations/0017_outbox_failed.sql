-- When the mail server refused an email for good (a 5xx answer to its recipient or its content): the worker tries it no more, and the index of due emails leaves it out.
DROP INDEX "outbox_due";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;