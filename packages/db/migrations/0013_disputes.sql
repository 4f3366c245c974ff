-- Card holders' disputes of orders' payments, as Stripe reports them (answered in Stripe's dashboard), and what the shop lost through them, counted out of the revenue like refunds.
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"livemode" boolean NOT NULL,
	CONSTRAINT "disputes_amount" CHECK ("disputes"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_order" ON "disputes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money" CHECK ("orders"."subtotal" >= 0 and "orders"."sales_tax" >= 0 and "orders"."shipping_cost" >= 0 and "orders"."total" >= 0 and "orders"."refunded" >= 0 and "orders"."paid_back" >= 0 and "orders"."charged_back" >= 0);