CREATE TABLE "card_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
