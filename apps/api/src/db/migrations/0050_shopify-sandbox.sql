-- Issue 22: the Shopify sandbox store's own tables (modules/stores/shopify/shopify-sandbox.tables.ts).
CREATE SEQUENCE "public"."sandbox_shopify_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_shopify_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
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
);
--> statement-breakpoint
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
);
--> statement-breakpoint
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
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_webhooks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"uri" text NOT NULL,
	"api_version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_shopify_webhooks_once" UNIQUE("shop","topic","uri")
);
--> statement-breakpoint
ALTER TABLE "sandbox_shopify_codes" ADD CONSTRAINT "sandbox_shopify_codes_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_deliveries" ADD CONSTRAINT "sandbox_shopify_deliveries_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_orders" ADD CONSTRAINT "sandbox_shopify_orders_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD CONSTRAINT "sandbox_shopify_tokens_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_webhooks" ADD CONSTRAINT "sandbox_shopify_webhooks_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_shopify_deliveries_due" ON "sandbox_shopify_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_shopify_orders_updated" ON "sandbox_shopify_orders" USING btree ("shop","updated_at","id");