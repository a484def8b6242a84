CREATE SEQUENCE "public"."sandbox_shopify_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_bulk_items" (
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"shipment_id" uuid,
	"tracking_number" text,
	"charged" bigint DEFAULT 0 NOT NULL,
	"error" text
);--> statement-breakpoint
CREATE TABLE "order_bulk_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text NOT NULL,
	"request" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"instance" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"values" jsonb NOT NULL
);--> statement-breakpoint
CREATE TABLE "order_fulfillments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipment_id" uuid,
	"tracking_number" text,
	"carrier" text,
	"service" text,
	"total" bigint,
	"error" text,
	"push_state" text NOT NULL,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"push_last_error" text,
	"pushed_at" timestamp with time zone,
	"push_next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"external_id" text,
	"sku" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"fulfilled_quantity" integer DEFAULT 0 NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"unit_price" bigint NOT NULL,
	"variant_id" uuid,
	"product_id" uuid,
	CONSTRAINT "order_lines_quantities_check" CHECK ("order_lines"."quantity" >= 0 and "order_lines"."fulfilled_quantity" >= 0 and "order_lines"."reserved_quantity" >= 0)
);--> statement-breakpoint
CREATE TABLE "order_sku_links" (
	"organization_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"store_id" uuid,
	"source" text NOT NULL,
	"external_id" text,
	"number" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"external_updated_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_state" text NOT NULL,
	"fulfillment_state" text DEFAULT 'unfulfilled' NOT NULL,
	"customer_id" uuid,
	"customer_name" text,
	"customer_email" text,
	"customer_phone" text,
	"shipping_address" jsonb,
	"address_issues" text[] DEFAULT '{}' NOT NULL,
	"location_id" uuid,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"total" bigint NOT NULL,
	"shipping_price" bigint DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"note" text,
	"shipped_by_platform" boolean DEFAULT false NOT NULL,
	"fulfilment_target" jsonb,
	"unmapped_lines" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"stock_seq" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "orders_manual_check" CHECK (("orders"."store_id" is null) = ("orders"."source" = 'manual'))
);--> statement-breakpoint
CREATE TABLE "store_authorizations" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
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
);--> statement-breakpoint
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
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"event_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"uri" text NOT NULL,
	"api_version" text NOT NULL,
	"body" text NOT NULL,
	"triggered_at" timestamp (3) with time zone NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"last_status" integer,
	"delivered_at" timestamp (3) with time zone,
	CONSTRAINT "sandbox_shopify_deliveries_state" CHECK ("sandbox_shopify_deliveries"."state" in ('pending', 'delivered', 'failed', 'dropped'))
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"shipping_address" jsonb,
	"tags" text[] NOT NULL,
	"financial_status" text NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"fulfillment_orders" jsonb NOT NULL,
	"fulfillments" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"cancelled_at" timestamp (3) with time zone
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_shops" (
	"domain" text PRIMARY KEY NOT NULL,
	"id" bigint NOT NULL,
	"name" text NOT NULL,
	"locations" jsonb NOT NULL,
	"chaos" jsonb NOT NULL,
	"chaos_draws" integer DEFAULT 0 NOT NULL,
	"bucket_max" real NOT NULL,
	"bucket_restore_rate" real NOT NULL,
	"bucket_available" real NOT NULL,
	"bucket_at" timestamp with time zone NOT NULL,
	"order_number" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_shopify_webhooks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"uri" text NOT NULL,
	"api_version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_shopify_webhooks_once" UNIQUE("shop","topic","uri")
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_bulk_items_pk" ON "order_bulk_items" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_bulk_runs_organization_id_unique" ON "order_bulk_runs" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_bulk_runs_key_unique" ON "order_bulk_runs" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_bulk_runs_one_running" ON "order_bulk_runs" USING btree ("organization_id") WHERE "order_bulk_runs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_fulfillments_order" ON "order_fulfillments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_fulfillments_organization_id_unique" ON "order_fulfillments" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_sku" ON "order_lines" USING btree ("organization_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "order_sku_links_unique" ON "order_sku_links" USING btree ("organization_id","store_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_organization_id_unique" ON "orders" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_external_unique" ON "orders" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_manual_key_unique" ON "orders" USING btree ("organization_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_list" ON "orders" USING btree ("organization_id","placed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_list_state" ON "orders" USING btree ("organization_id","status","fulfillment_state","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_list_store" ON "orders" USING btree ("organization_id","store_id","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_tags" ON "orders" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "orders_search" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_authorizations_expiry" ON "store_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_webhook_events_once" ON "store_webhook_events" USING btree ("platform","store_id","event_id");--> statement-breakpoint
CREATE INDEX "store_webhook_events_store" ON "store_webhook_events" USING btree ("organization_id","store_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_organization_id_unique" ON "stores" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_connected_external_unique" ON "stores" USING btree ("platform","external_id") WHERE "stores"."disconnected_at" is null;--> statement-breakpoint
CREATE INDEX "stores_organization_list" ON "stores" USING btree ("organization_id","connected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sandbox_shopify_deliveries_due" ON "sandbox_shopify_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_shopify_orders_updated" ON "sandbox_shopify_orders" USING btree ("shop","updated_at","id");--> statement-breakpoint
ALTER TABLE "order_bulk_items" ADD CONSTRAINT "order_bulk_items_run_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."order_bulk_runs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD CONSTRAINT "store_webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD CONSTRAINT "store_webhook_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_codes" ADD CONSTRAINT "sandbox_shopify_codes_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_deliveries" ADD CONSTRAINT "sandbox_shopify_deliveries_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_orders" ADD CONSTRAINT "sandbox_shopify_orders_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD CONSTRAINT "sandbox_shopify_tokens_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_webhooks" ADD CONSTRAINT "sandbox_shopify_webhooks_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;
