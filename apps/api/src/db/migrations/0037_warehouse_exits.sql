CREATE TABLE "exit_lines" (
	"organization_id" uuid NOT NULL,
	"exit_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"product_name" text NOT NULL,
	"variant_title" text,
	"sku" text,
	"barcode" text,
	"sat_product_code" text,
	"sat_unit_code" text,
	"unit_value" integer NOT NULL,
	CONSTRAINT "exit_lines_exit_id_variant_id_pk" PRIMARY KEY("exit_id","variant_id"),
	CONSTRAINT "exit_lines_quantity_check" CHECK ("exit_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_ref" jsonb NOT NULL,
	"destination_name" text NOT NULL,
	"destination" jsonb NOT NULL,
	"reference" text,
	"notes" text,
	"shipment_id" uuid,
	"tracking_number" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"processing_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exits_status_check" CHECK ("exits"."status" in ('created', 'processing', 'shipped', 'cancelled')),
	CONSTRAINT "exits_shipped_guide_check" CHECK ("exits"."status" <> 'shipped' or "exits"."shipment_id" is not null)
);
--> statement-breakpoint
-- Before the lines' foreign key, which references it.
CREATE UNIQUE INDEX "exits_organization_id_unique" ON "exits" USING btree ("organization_id","id");--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "location_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_lines" ADD CONSTRAINT "exit_lines_exit_fk" FOREIGN KEY ("organization_id","exit_id") REFERENCES "public"."exits"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_lines" ADD CONSTRAINT "exit_lines_variant_fk" FOREIGN KEY ("organization_id","variant_id") REFERENCES "public"."product_variants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exits" ADD CONSTRAINT "exits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exits" ADD CONSTRAINT "exits_warehouse_id_stock_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exits" ADD CONSTRAINT "exits_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exits_organization_number_unique" ON "exits" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "exits_organization_list" ON "exits" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exits_dispatch_queue" ON "exits" USING btree ("status","warehouse_id","processing_at");