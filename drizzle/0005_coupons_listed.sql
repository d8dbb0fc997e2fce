ALTER TABLE "coupons" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The sample shop's two general offers are listed on /coupon; LIMITED stays a code shoppers are told.
UPDATE "coupons" SET "listed" = true WHERE "code" IN ('WELCOME10', 'SAVE5');
