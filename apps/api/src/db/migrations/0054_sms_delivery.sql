CREATE TABLE "provider_successes" (
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_successes_kind_provider_pk" PRIMARY KEY("kind","provider")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_provider_message_id_index" ON "outbox_messages" USING btree ("provider_message_id");