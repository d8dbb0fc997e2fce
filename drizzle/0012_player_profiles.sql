CREATE TABLE "player_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"label" text NOT NULL,
	"player" jsonb NOT NULL,
	"nickname" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_profiles_label" CHECK (char_length("player_profiles"."label") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_profiles_account_uq" ON "player_profiles" USING btree ("user_id","game_id",("player" ->> 'playerId'),coalesce("player" ->> 'server', ''));--> statement-breakpoint
CREATE UNIQUE INDEX "player_profiles_one_default_uq" ON "player_profiles" USING btree ("user_id","game_id") WHERE "player_profiles"."is_default";--> statement-breakpoint
CREATE INDEX "player_profiles_user_game_idx" ON "player_profiles" USING btree ("user_id","game_id","created_at");