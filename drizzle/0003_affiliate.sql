-- referral_clicks changes its key from bigserial to a random uuid (the attribution cookie carries
-- it); the table held no data before this migration, so it is recreated rather than altered.
DROP TABLE "referral_clicks";--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promoter_id" uuid NOT NULL,
	"link_id" integer,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_clicks_dedupe_uq" UNIQUE NULLS NOT DISTINCT("promoter_id","link_id","visitor_hash","day")
);
--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_promoter_id_promoters_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_clicks_promoter_idx" ON "referral_clicks" USING btree ("promoter_id","day");--> statement-breakpoint
CREATE TABLE "referrals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"promoter_id" uuid NOT NULL,
	"link_id" integer,
	"click_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."user_id" <> "referrals"."promoter_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "promoters" DROP CONSTRAINT "promoters_code";--> statement-breakpoint
ALTER TABLE "promoters" DROP CONSTRAINT "promoters_bps";--> statement-breakpoint
ALTER TABLE "referral_links" DROP CONSTRAINT "referral_links_target";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "attributions" DROP CONSTRAINT "attributions_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_withdrawal_idx";--> statement-breakpoint
DROP INDEX "attributions_promoter_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_promoter_idx";--> statement-breakpoint
ALTER TABLE "promoters" ALTER COLUMN "commission_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "promoters" ALTER COLUMN "commission_bps" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "buyer_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "currency" char(3) NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "base_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "rate_bps" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "commission_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "paid_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_links" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_promoter_id_promoters_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_click_id_referral_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."referral_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_promoter_idx" ON "referrals" USING btree ("promoter_id","created_at");--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributions_due_idx" ON "attributions" USING btree ("available_at") WHERE "attributions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_entries_txn_idx" ON "ledger_entries" USING btree ("txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_withdrawal_kind_uq" ON "ledger_entries" USING btree ("withdrawal_id","kind","account") WHERE "ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "attributions_promoter_idx" ON "attributions" USING btree ("promoter_id","paid_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_promoter_idx" ON "ledger_entries" USING btree ("promoter_id","account");--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "available_at";--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_status" CHECK ("attributions"."status" in ('pending', 'available', 'reversed', 'flagged', 'void'));--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_flag" CHECK ("attributions"."flag" is null or "attributions"."flag" in ('self_referral_buyer', 'self_referral_player', 'no_price'));--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_currency" CHECK ("attributions"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_amounts" CHECK ("attributions"."base_minor" >= 0 and "attributions"."commission_minor" >= 0);--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_bps" CHECK ("attributions"."rate_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_no_commission" CHECK ("attributions"."status" not in ('flagged', 'void') or "attributions"."commission_minor" = 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" in ('platform_expense', 'promoter_pending', 'promoter_available', 'promoter_withdrawal_hold', 'promoter_withdrawn'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('commission', 'release', 'reversal', 'withdrawal_request', 'withdrawal_paid', 'withdrawal_rejected'));--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_code" CHECK ("promoters"."promote_code" ~ '^[A-Z0-9_-]{3,32}$');--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_bps" CHECK ("promoters"."commission_bps" is null or "promoters"."commission_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_code" CHECK ("referral_links"."code" ~ '^[A-Z0-9_-]{3,32}$');--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_target" CHECK (left("referral_links"."target_path", 1) = '/' and left("referral_links"."target_path", 2) <> '//');--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method" CHECK ("withdrawals"."method" in ('wallet', 'iban'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paid', 'rejected'));--> statement-breakpoint
-- The commission ledger is append-only: corrections are new balanced transactions, never edits.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
