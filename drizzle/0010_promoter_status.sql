ALTER TABLE "attributions" DROP CONSTRAINT "attributions_flag";--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "promoters" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "promoters" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "promoters" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributions_to_review_idx" ON "attributions" USING btree ("created_at") WHERE "attributions"."status" = 'flagged' and "attributions"."reviewed_at" is null;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_flag" CHECK ("attributions"."flag" is null or "attributions"."flag" in ('self_referral_buyer', 'self_referral_player', 'no_price', 'promoter_inactive'));--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_status" CHECK ("promoters"."status" in ('pending', 'active', 'suspended'));