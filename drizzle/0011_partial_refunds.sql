CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_currency" CHECK ("refunds"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('requested', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_refunds_amount" CHECK ("sandbox_gateway_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_gateway_transactions" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_refunds" ADD CONSTRAINT "sandbox_gateway_refunds_transaction_id_sandbox_gateway_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."sandbox_gateway_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_txn_idx" ON "sandbox_gateway_refunds" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "sandbox_gateway_transactions" ADD CONSTRAINT "sandbox_txn_refunded" CHECK ("sandbox_gateway_transactions"."refunded_minor" >= 0 and "sandbox_gateway_transactions"."refunded_minor" <= "sandbox_gateway_transactions"."amount_minor");--> statement-breakpoint
-- Refunds made before this migration were whole-payment refunds: give them their rows, so what
-- is refundable and the order pages agree with the gateway from the first request on.
UPDATE "sandbox_gateway_transactions" SET "refunded_minor" = "amount_minor" WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "payment_id", "amount_minor", "currency", "status", "created_at", "completed_at")
SELECT "order_id", "id", "amount_minor", "currency", 'succeeded', "updated_at", "updated_at" FROM "payments"
WHERE "status" = 'refunded' AND "amount_minor" > 0;
