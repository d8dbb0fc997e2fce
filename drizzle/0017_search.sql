CREATE TABLE "game_aliases" (
	"game_id" integer NOT NULL,
	"alias" text NOT NULL,
	"search_alias" text GENERATED ALWAYS AS (public.search_fold(alias)) STORED NOT NULL,
	CONSTRAINT "game_aliases_game_id_alias_pk" PRIMARY KEY("game_id","alias"),
	CONSTRAINT "game_aliases_length" CHECK (char_length("game_aliases"."alias") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "game_sales" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_translations" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.search_fold(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "game_aliases" ADD CONSTRAINT "game_aliases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sales" ADD CONSTRAINT "game_sales_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_aliases_search_trgm_idx" ON "game_aliases" USING gin ("search_alias" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "game_aliases_search_prefix_idx" ON "game_aliases" USING btree ("search_alias" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "game_translations_search_trgm_idx" ON "game_translations" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "game_translations_search_prefix_idx" ON "game_translations" USING btree ("search_name" text_pattern_ops);