-- Every email about an order, for its dashboard page; emails sent before 0018 get their order from their key ('order-confirmed:<order id>', 'order-ready:<order id>:<code id>', ...), as 0018 gave those still waiting.
UPDATE "outbox" SET "order_id" = substring("dedupe_key" from '^order-[a-z-]+:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')::uuid WHERE "order_id" IS NULL AND "dedupe_key" ~ '^order-[a-z-]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';--> statement-breakpoint
CREATE INDEX "outbox_order" ON "outbox" USING btree ("order_id","created_at");
