CREATE TABLE "provider_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"code" text NOT NULL,
	"http_status" integer,
	"provider_code" text,
	"message" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "tariff_fraction_words_trgm";--> statement-breakpoint
CREATE INDEX "provider_failures_occurred_at_index" ON "provider_failures" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "tariff_fraction_words_trgm" ON "tariff_fraction_words" USING gist ("word" gist_trgm_ops);