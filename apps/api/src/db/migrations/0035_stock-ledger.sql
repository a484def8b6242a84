CREATE TABLE "stock_balances" (
	"organization_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"incoming" integer DEFAULT 0 NOT NULL,
	"not_sellable" integer DEFAULT 0 NOT NULL,
	"available" integer GENERATED ALWAYS AS (on_hand - reserved) STORED,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_balances_organization_id_variant_id_location_id_pk" PRIMARY KEY("organization_id","variant_id","location_id"),
	CONSTRAINT "stock_balances_buckets_check" CHECK ("stock_balances"."on_hand" >= 0 and "stock_balances"."reserved" >= 0 and "stock_balances"."incoming" >= 0 and "stock_balances"."not_sellable" >= 0),
	CONSTRAINT "stock_balances_reserved_check" CHECK ("stock_balances"."reserved" <= "stock_balances"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid,
	"location_id" uuid,
	"code" text,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_locations_owner_check" CHECK (("stock_locations"."kind" = 'warehouse' and "stock_locations"."organization_id" is null and "stock_locations"."location_id" is null and "stock_locations"."code" is not null)
       or ("stock_locations"."kind" = 'own' and "stock_locations"."organization_id" is not null and "stock_locations"."location_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"on_hand" integer NOT NULL,
	"reserved" integer NOT NULL,
	"incoming" integer NOT NULL,
	"not_sellable" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_operations" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"cause_type" text NOT NULL,
	"cause_id" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_addresses" (
	"stock_location_id" uuid PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"external_number" text NOT NULL,
	"internal_number" text,
	"reference" text,
	"neighborhood" text NOT NULL,
	"city" text NOT NULL,
	"municipality" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text DEFAULT 'MX' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_variant_fk" FOREIGN KEY ("organization_id","variant_id") REFERENCES "public"."product_variants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_operation_id_stock_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_balance_fk" FOREIGN KEY ("organization_id","variant_id","location_id") REFERENCES "public"."stock_balances"("organization_id","variant_id","location_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_addresses" ADD CONSTRAINT "warehouse_addresses_stock_location_id_stock_locations_id_fk" FOREIGN KEY ("stock_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_balances_location" ON "stock_balances" USING btree ("organization_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_location_unique" ON "stock_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_code_unique" ON "stock_locations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stock_movements_history" ON "stock_movements" USING btree ("organization_id","variant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_operation" ON "stock_movements" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_operations_key_unique" ON "stock_operations" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_operations_cause" ON "stock_operations" USING btree ("organization_id","cause_type","cause_id");
--> statement-breakpoint
-- The guards (functions in modules/inventory/stock.functions.sql, applied on every start; a
-- stub here so the triggers can be created before the functions file runs).
CREATE OR REPLACE FUNCTION stock_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'append-only'; END; $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'stock_apply only'; END; $$;--> statement-breakpoint
CREATE TRIGGER stock_operations_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON stock_operations
  FOR EACH STATEMENT EXECUTE FUNCTION stock_append_only();--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_append_only();--> statement-breakpoint
CREATE TRIGGER stock_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON stock_balances
  FOR EACH ROW EXECUTE FUNCTION stock_balances_guard();
