ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "player_fix_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "player_fixes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('created', 'awaiting_payment', 'paid', 'fulfilling', 'delivered', 'failed', 'needs_player_details', 'refunded', 'cancelled', 'expired'));