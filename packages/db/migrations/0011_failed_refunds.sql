-- Refunds Stripe took and then could not pay out (failed refunds), one row per refund, and when the orders' refunded figure was counted, so charge.refunded events delivered out of order and refunds failing afterwards end at the charge's own figure. Existing orders keep refunded_at null: their next charge.refunded event sets it.
CREATE TABLE "failed_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "failed_refunds_amount" CHECK ("failed_refunds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "failed_refunds" ADD CONSTRAINT "failed_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_refunds_order" ON "failed_refunds" USING btree ("order_id");