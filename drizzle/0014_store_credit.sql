CREATE TABLE "commission_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promoter_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"source" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "commission_transfers_amount" CHECK ("commission_transfers"."amount_minor" > 0),
	CONSTRAINT "commission_transfers_currency" CHECK ("commission_transfers"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "commission_transfers_source" CHECK ("commission_transfers"."source" in ('available', 'pending')),
	CONSTRAINT "commission_transfers_order" CHECK (("commission_transfers"."source" = 'pending') = ("commission_transfers"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"hold_id" uuid,
	"refund_id" uuid,
	"grant_id" uuid,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_account" CHECK ("credit_entries"."account" in ('credit_available', 'credit_reserved', 'shop_sales', 'shop_refunds', 'shop_goodwill', 'affiliate_commission')),
	CONSTRAINT "credit_entries_kind" CHECK ("credit_entries"."kind" in ('refund', 'grant', 'commission_transfer', 'commission_reversal', 'reserve', 'release', 'capture')),
	CONSTRAINT "credit_entries_currency" CHECK ("credit_entries"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "credit_entries_nonzero" CHECK ("credit_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_amount" CHECK ("credit_grants"."amount_minor" > 0),
	CONSTRAINT "credit_grants_currency" CHECK ("credit_grants"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_holds_amount" CHECK ("credit_holds"."amount_minor" > 0),
	CONSTRAINT "credit_holds_currency" CHECK ("credit_holds"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "credit_holds_status" CHECK ("credit_holds"."status" in ('held', 'captured', 'released'))
);
--> statement-breakpoint
CREATE TABLE "credit_wallets" (
	"user_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_wallets_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "credit_wallets_currency" CHECK ("credit_wallets"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "attributions" DROP CONSTRAINT "attributions_status";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "destination" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_transfers" ADD CONSTRAINT "commission_transfers_promoter_id_users_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_transfers" ADD CONSTRAINT "commission_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_hold_id_credit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."credit_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_transfer_id_commission_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."commission_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_wallets" ADD CONSTRAINT "credit_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_transfers_promoter_idx" ON "commission_transfers" USING btree ("promoter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_transfers_order_uq" ON "commission_transfers" USING btree ("order_id") WHERE "commission_transfers"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","currency","account");--> statement-breakpoint
CREATE INDEX "credit_entries_txn_idx" ON "credit_entries" USING btree ("txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_txn_account_uq" ON "credit_entries" USING btree ("txn_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_hold_kind_uq" ON "credit_entries" USING btree ("hold_id","kind","account") WHERE "credit_entries"."hold_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_refund_kind_uq" ON "credit_entries" USING btree ("refund_id","kind","account") WHERE "credit_entries"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_grant_kind_uq" ON "credit_entries" USING btree ("grant_id","kind","account") WHERE "credit_entries"."grant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_transfer_kind_uq" ON "credit_entries" USING btree ("transfer_id","kind","account") WHERE "credit_entries"."transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_grants_user_idx" ON "credit_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_holds_order_idx" ON "credit_holds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holds_one_held_uq" ON "credit_holds" USING btree ("order_id") WHERE "credit_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holds_one_captured_uq" ON "credit_holds" USING btree ("order_id") WHERE "credit_holds"."status" = 'captured';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_commission_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."commission_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transfer_kind_uq" ON "ledger_entries" USING btree ("transfer_id","kind","account") WHERE "ledger_entries"."transfer_id" is not null;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_status" CHECK ("attributions"."status" in ('pending', 'available', 'credited', 'reversed', 'flagged', 'void'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" in ('platform_expense', 'promoter_pending', 'promoter_available', 'promoter_withdrawal_hold', 'promoter_withdrawn', 'promoter_store_credit'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('commission', 'release', 'reversal', 'withdrawal_request', 'withdrawal_paid', 'withdrawal_rejected', 'credit_transfer', 'credit_reversal'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit" CHECK ("orders"."credit_minor" >= 0 and "orders"."credit_minor" <= "orders"."total_minor");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_destination" CHECK ("refunds"."destination" in ('original', 'credit'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_part" CHECK ("refunds"."payment_id" is not null or "refunds"."destination" = 'credit');--> statement-breakpoint
-- The store-credit ledger is append-only, like the commission ledger: corrections are new transactions.
CREATE FUNCTION "credit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'credit_entries is append-only (% refused)', TG_OP USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_entries_append_only" BEFORE UPDATE OR DELETE ON "credit_entries"
	FOR EACH ROW EXECUTE FUNCTION "credit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "credit_entries_no_truncate" BEFORE TRUNCATE ON "credit_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "credit_entries_append_only"();
