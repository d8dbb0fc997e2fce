ALTER TABLE "orders" ADD COLUMN "refund_choice_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_choice" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_choice" CHECK ("orders"."refund_choice" in ('original', 'credit'));