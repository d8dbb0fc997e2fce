CREATE TABLE "creator_code_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"source" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_code_choices_source" CHECK ("creator_code_choices"."source" in ('entered', 'link'))
);
--> statement-breakpoint
CREATE TABLE "creator_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_id" uuid NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"discount_bps" integer,
	"discount_caps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stacks_with_coupons" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_codes_promoter_id_unique" UNIQUE("promoter_id"),
	CONSTRAINT "creator_codes_code_key_unique" UNIQUE("code_key"),
	CONSTRAINT "creator_codes_code" CHECK ("creator_codes"."code" ~ '^[A-Za-z0-9_-]{3,20}$' and "creator_codes"."code_key" = lower("creator_codes"."code")),
	CONSTRAINT "creator_codes_status" CHECK ("creator_codes"."status" in ('active', 'disabled')),
	CONSTRAINT "creator_codes_bps" CHECK ("creator_codes"."discount_bps" is null or "creator_codes"."discount_bps" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "order_creator_codes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"promoter_id" uuid NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_creator_codes_source" CHECK ("order_creator_codes"."source" in ('entered', 'link')),
	CONSTRAINT "order_creator_codes_discount" CHECK ("order_creator_codes"."discount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attributions" ADD COLUMN "source" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_code_choices" ADD CONSTRAINT "creator_code_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_code_choices" ADD CONSTRAINT "creator_code_choices_code_id_creator_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."creator_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_codes" ADD CONSTRAINT "creator_codes_promoter_id_promoters_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_creator_codes" ADD CONSTRAINT "order_creator_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_creator_codes" ADD CONSTRAINT "order_creator_codes_code_id_creator_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."creator_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_creator_codes" ADD CONSTRAINT "order_creator_codes_promoter_id_promoters_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_code_choices_code_idx" ON "creator_code_choices" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "order_creator_codes_code_idx" ON "order_creator_codes" USING btree ("code_id");--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_source" CHECK ("attributions"."source" in ('link', 'code'));