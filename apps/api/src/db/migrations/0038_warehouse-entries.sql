CREATE TABLE "entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reference" text,
	"warehouse_id" uuid NOT NULL,
	"expected_date" date NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"status" text NOT NULL,
	"closed_short" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entries_org_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "entry_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer,
	"note" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"expected" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"not_sellable" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_lines_counts_check" CHECK ("entry_lines"."expected" > 0 and "entry_lines"."received" >= 0 and "entry_lines"."accepted" >= 0 and "entry_lines"."not_sellable" >= 0 and "entry_lines"."accepted" + "entry_lines"."not_sellable" = "entry_lines"."received")
);
--> statement-breakpoint
CREATE TABLE "entry_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"incident_id" uuid,
	"file_id" uuid NOT NULL,
	"thumbnail_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"action" text NOT NULL,
	"quantity" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_warehouse_id_stock_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_counters" ADD CONSTRAINT "entry_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_incidents" ADD CONSTRAINT "entry_incidents_line_id_entry_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."entry_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_incidents" ADD CONSTRAINT "entry_incidents_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_lines" ADD CONSTRAINT "entry_lines_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_lines" ADD CONSTRAINT "entry_lines_variant_fk" FOREIGN KEY ("organization_id","variant_id") REFERENCES "public"."product_variants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_photos" ADD CONSTRAINT "entry_photos_incident_id_entry_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."entry_incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_photos" ADD CONSTRAINT "entry_photos_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_receipts" ADD CONSTRAINT "entry_receipts_line_id_entry_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."entry_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_receipts" ADD CONSTRAINT "entry_receipts_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_number_unique" ON "entries" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "entries_list" ON "entries" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entries_queue" ON "entries" USING btree ("status","warehouse_id","expected_date");--> statement-breakpoint
CREATE INDEX "entry_incidents_entry" ON "entry_incidents" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entry_lines_variant_unique" ON "entry_lines" USING btree ("entry_id","variant_id");--> statement-breakpoint
CREATE INDEX "entry_photos_entry" ON "entry_photos" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entry_receipts_key_unique" ON "entry_receipts" USING btree ("entry_id","idempotency_key");