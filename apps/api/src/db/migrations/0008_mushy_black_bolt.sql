CREATE TABLE "sat_product_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"similar_words" text NOT NULL,
	"search_description" text NOT NULL,
	"search_similar_words" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sat_product_codes_words" ON "sat_product_codes" USING gin (to_tsvector('simple', "search_description" || ' ' || "search_similar_words"));