CREATE TABLE "tariff_fractions" (
	"fraction" text NOT NULL,
	"nico" text NOT NULL,
	"description" text NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text NOT NULL,
	"umt" text NOT NULL,
	"umt_description" text NOT NULL,
	"search_description" text NOT NULL,
	CONSTRAINT "tariff_fractions_fraction_nico_pk" PRIMARY KEY("fraction","nico")
);
--> statement-breakpoint
CREATE INDEX "tariff_fractions_words" ON "tariff_fractions" USING gin (to_tsvector('simple', "search_description"));