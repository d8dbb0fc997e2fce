CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token_hash" text,
	"file" text,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind" CHECK ("privacy_requests"."kind" in ('export', 'deletion')),
	CONSTRAINT "privacy_requests_status" CHECK ("privacy_requests"."status" in ('pending', 'ready', 'done', 'expired')),
	CONSTRAINT "privacy_requests_locale" CHECK ("privacy_requests"."locale" in ('en', 'fr', 'pt', 'es', 'de', 'ru')),
	CONSTRAINT "privacy_requests_file" CHECK ("privacy_requests"."file" is null or "privacy_requests"."status" = 'ready')
);
--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("created_at") WHERE "privacy_requests"."status" in ('pending', 'ready');--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_uq" ON "privacy_requests" USING btree ("token_hash") WHERE "privacy_requests"."token_hash" is not null;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose" CHECK ("email_codes"."purpose" in ('signup', 'reset', 'delete_account'));