-- Since when staff must act on an order's attention (a refund that failed: pay the customer back another way), and what the shop paid back outside Stripe once they did (failed_refunds.settled_at marks each refund so settled). Orders whose refund failed before this release are marked from their last change, so they are listed until staff settle them.
ALTER TABLE "orders" DROP CONSTRAINT "orders_money";--> statement-breakpoint
ALTER TABLE "failed_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "attention_since" = "updated_at" WHERE "id" IN (SELECT "order_id" FROM "failed_refunds");--> statement-breakpoint
CREATE INDEX "orders_attention_created" ON "orders" USING btree ("created_at","id") WHERE "orders"."attention_since" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money" CHECK ("orders"."subtotal" >= 0 and "orders"."sales_tax" >= 0 and "orders"."shipping_cost" >= 0 and "orders"."total" >= 0 and "orders"."refunded" >= 0 and "orders"."paid_back" >= 0);
