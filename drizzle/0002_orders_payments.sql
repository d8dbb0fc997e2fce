CREATE TABLE "user_coupons" (
	"user_id" uuid NOT NULL,
	"coupon_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_coupons_user_id_coupon_id_pk" PRIMARY KEY("user_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_transactions_merchant_reference_unique" UNIQUE("merchant_reference"),
	CONSTRAINT "sandbox_txn_status" CHECK ("sandbox_gateway_transactions"."status" in ('open', 'challenge', 'captured', 'declined', 'failed', 'cancelled', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'created';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "supplier_txn_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "topic" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payable_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" in ('created', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('created', 'awaiting_payment', 'paid', 'fulfilling', 'delivered', 'failed', 'refunded', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_topic" CHECK ("support_requests"."topic" in ('not_received', 'wrong_player', 'payment', 'refund', 'other'));