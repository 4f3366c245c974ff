-- The order each email is about, so the worker sends an order's emails to one recipient in the order they were queued; emails still waiting get theirs from their key ('order-ready:<order id>:<code id>', 'order-paid-alert:<order id>', ...).
ALTER TABLE "outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
UPDATE "outbox" SET "order_id" = substring("dedupe_key" from '^order-[a-z-]+:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')::uuid WHERE "sent_at" IS NULL AND "dedupe_key" ~ '^order-[a-z-]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';--> statement-breakpoint
CREATE INDEX "outbox_order_waiting" ON "outbox" USING btree ("order_id") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;
