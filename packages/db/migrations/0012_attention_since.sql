-- Since when staff must act on an order's attention (a refund that failed: pay the customer back another way); null when nobody must or once staff said it was done. Orders whose refund failed before this column are marked from their last change, so they are listed until staff settle them.
ALTER TABLE "orders" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "attention_since" = "updated_at" WHERE "attention" LIKE 'Refund of % failed (%';--> statement-breakpoint
CREATE INDEX "orders_attention_created" ON "orders" USING btree ("created_at","id") WHERE "orders"."attention_since" is not null;
