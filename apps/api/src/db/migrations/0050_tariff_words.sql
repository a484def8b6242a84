CREATE TABLE "tariff_fraction_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tariff_fraction_words_trgm" ON "tariff_fraction_words" USING gin ("word" gin_trgm_ops);