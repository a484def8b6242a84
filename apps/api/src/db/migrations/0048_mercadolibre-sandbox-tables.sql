CREATE SEQUENCE "public"."sandbox_mercadolibre_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"pack_id" bigint,
	"shipment_id" bigint,
	"status" text NOT NULL,
	"paid_amount" double precision NOT NULL,
	"tags" text[] NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_packs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"status" text NOT NULL,
	"order_ids" bigint[] NOT NULL,
	"shipment_id" bigint,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_sellers" (
	"id" bigint PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"chaos" jsonb NOT NULL,
	"chaos_draws" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"notification_id" text NOT NULL,
	"notification" jsonb NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sandbox_mercadolibre_sends_state" CHECK ("sandbox_mercadolibre_sends"."state" in ('pending', 'delivered', 'missed'))
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_shipments" (
	"id" bigint PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"order_ids" bigint[] NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"tracking_number" text,
	"tracking_method" text,
	"receiver_address" jsonb
);--> statement-breakpoint
CREATE TABLE "sandbox_mercadolibre_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"spent_at" timestamp (3) with time zone,
	CONSTRAINT "sandbox_mercadolibre_tokens_kind" CHECK ("sandbox_mercadolibre_tokens"."kind" in ('access', 'refresh'))
);--> statement-breakpoint
CREATE INDEX "sandbox_mercadolibre_orders_updated" ON "sandbox_mercadolibre_orders" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "sandbox_mercadolibre_orders_pack" ON "sandbox_mercadolibre_orders" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "sandbox_mercadolibre_sends_due" ON "sandbox_mercadolibre_sends" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "sandbox_mercadolibre_sends_notification" ON "sandbox_mercadolibre_sends" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sandbox_mercadolibre_tokens_seller" ON "sandbox_mercadolibre_tokens" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_codes" ADD CONSTRAINT "sandbox_mercadolibre_codes_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_orders" ADD CONSTRAINT "sandbox_mercadolibre_orders_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_packs" ADD CONSTRAINT "sandbox_mercadolibre_packs_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_sends" ADD CONSTRAINT "sandbox_mercadolibre_sends_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_shipments" ADD CONSTRAINT "sandbox_mercadolibre_shipments_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mercadolibre_tokens" ADD CONSTRAINT "sandbox_mercadolibre_tokens_seller_id_sandbox_mercadolibre_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_mercadolibre_sellers"("id") ON DELETE cascade ON UPDATE no action;
