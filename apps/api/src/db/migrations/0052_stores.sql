CREATE TABLE "store_authorizations" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_webhook_events" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"event_id" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb,
	"result" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"health" text DEFAULT 'ok' NOT NULL,
	"sandbox" boolean NOT NULL,
	"api_version" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"credentials" text,
	"credentials_expire_at" timestamp with time zone,
	"webhook_secret" text,
	"sync_cursor" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"backfill_state" text,
	"backfill_done" integer DEFAULT 0 NOT NULL,
	"backfill_total" integer,
	"backfill_page" text,
	"backfill_started_at" timestamp with time zone,
	"backfill_finished_at" timestamp with time zone,
	"connected_by" uuid,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "stores_platform_check" CHECK ("stores"."platform" in ('shopify', 'mercadolibre', 'woocommerce')),
	CONSTRAINT "stores_status_check" CHECK ("stores"."status" in ('enabled', 'disabled')),
	CONSTRAINT "stores_health_check" CHECK ("stores"."health" in ('ok', 'needs_reapproval', 'auth_failed', 'webhooks_failing')),
	CONSTRAINT "stores_disconnected_without_credentials" CHECK ("stores"."disconnected_at" is null or "stores"."credentials" is null)
);
--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD CONSTRAINT "store_webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD CONSTRAINT "store_webhook_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_authorizations_expiry" ON "store_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_webhook_events_once" ON "store_webhook_events" USING btree ("platform","store_id","event_id");--> statement-breakpoint
CREATE INDEX "store_webhook_events_store" ON "store_webhook_events" USING btree ("organization_id","store_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_organization_id_unique" ON "stores" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_connected_external_unique" ON "stores" USING btree ("platform","external_id") WHERE "stores"."disconnected_at" is null;--> statement-breakpoint
CREATE INDEX "stores_organization_list" ON "stores" USING btree ("organization_id","connected_at" DESC NULLS LAST);