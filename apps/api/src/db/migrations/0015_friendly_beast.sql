CREATE TABLE "sandbox_card_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"brand" text,
	"last4" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_card_charges_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_card_charges_status" CHECK ("sandbox_card_charges"."status" in ('approved', 'declined')),
	CONSTRAINT "sandbox_card_charges_decline" CHECK (("sandbox_card_charges"."status" = 'declined') = ("sandbox_card_charges"."decline_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sandbox_card_tokens_last4" CHECK ("sandbox_card_tokens"."last4" ~ '^[0-9]{4}$')
);
