CREATE TABLE "refund_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_approvals_amount" CHECK ("refund_approvals"."amount_minor" > 0),
	CONSTRAINT "refund_approvals_currency" CHECK ("refund_approvals"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "refund_approvals_status" CHECK ("refund_approvals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_approvals_order_idx" ON "refund_approvals" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_approvals_pending_idx" ON "refund_approvals" USING btree ("created_at") WHERE "refund_approvals"."status" = 'pending';