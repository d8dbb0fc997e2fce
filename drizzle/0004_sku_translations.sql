CREATE TABLE "sku_translations" (
	"sku_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "sku_translations_sku_id_locale_pk" PRIMARY KEY("sku_id","locale"),
	CONSTRAINT "sku_translations_locale" CHECK ("sku_translations"."locale" in ('en', 'fr', 'pt', 'es', 'de', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "sku_translations" ADD CONSTRAINT "sku_translations_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;