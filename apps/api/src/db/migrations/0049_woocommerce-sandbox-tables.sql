CREATE SEQUENCE "public"."sandbox_woocommerce_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_woocommerce_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"webhook_id" bigint NOT NULL,
	"delivery_id" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_woocommerce_orders" (
	"site" text NOT NULL,
	"id" bigint NOT NULL,
	"status" text NOT NULL,
	"date_modified_gmt" text NOT NULL,
	"order" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trackings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "sandbox_woocommerce_orders_site_id_pk" PRIMARY KEY("site","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_woocommerce_sites" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"consumer_key" text NOT NULL,
	"consumer_secret" text NOT NULL,
	"shipment_tracking" boolean DEFAULT false NOT NULL,
	"chaos" jsonb NOT NULL,
	"chaos_draws" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_woocommerce_sites_consumerKey_unique" UNIQUE("consumer_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_woocommerce_webhooks" (
	"site" text NOT NULL,
	"id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"topic" text NOT NULL,
	"delivery_url" text NOT NULL,
	"secret" text NOT NULL,
	"api_version" text NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"date_created_gmt" text NOT NULL,
	CONSTRAINT "sandbox_woocommerce_webhooks_site_id_pk" PRIMARY KEY("site","id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_woocommerce_deliveries" ADD CONSTRAINT "sandbox_woocommerce_deliveries_site_sandbox_woocommerce_sites_slug_fk" FOREIGN KEY ("site") REFERENCES "public"."sandbox_woocommerce_sites"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_woocommerce_orders" ADD CONSTRAINT "sandbox_woocommerce_orders_site_sandbox_woocommerce_sites_slug_fk" FOREIGN KEY ("site") REFERENCES "public"."sandbox_woocommerce_sites"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_woocommerce_webhooks" ADD CONSTRAINT "sandbox_woocommerce_webhooks_site_sandbox_woocommerce_sites_slug_fk" FOREIGN KEY ("site") REFERENCES "public"."sandbox_woocommerce_sites"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_woocommerce_deliveries_due" ON "sandbox_woocommerce_deliveries" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "sandbox_woocommerce_orders_modified" ON "sandbox_woocommerce_orders" USING btree ("site","date_modified_gmt","id");