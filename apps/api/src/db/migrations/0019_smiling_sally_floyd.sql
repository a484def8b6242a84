CREATE TABLE "sat_unit_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"carrier_key" text NOT NULL,
	"location_id" uuid NOT NULL,
	"confirmation_number" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"status" text DEFAULT 'quote' NOT NULL,
	"origin_zip" text NOT NULL,
	"destination_zip" text NOT NULL,
	"parcels" jsonb NOT NULL,
	"rates" jsonb NOT NULL,
	"unavailable" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_labels" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"zpl" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"package_id" uuid,
	"name" text,
	"length_cm" numeric(10, 2) NOT NULL,
	"width_cm" numeric(10, 2) NOT NULL,
	"height_cm" numeric(10, 2) NOT NULL,
	"weight_kg" numeric(10, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_products" (
	"shipment_id" uuid NOT NULL,
	"package_position" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"sat_product_code" text NOT NULL,
	"sat_unit_code" text NOT NULL,
	"unit_value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"customer_id" uuid,
	"carrier_key" text NOT NULL,
	"service_key" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"zone" integer NOT NULL,
	"billable_weight_kg" numeric(10, 3) NOT NULL,
	"transit_days_min" integer NOT NULL,
	"transit_days_max" integer NOT NULL,
	"estimated_delivery" date NOT NULL,
	"extended_zone" boolean NOT NULL,
	"origin" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"reference" text,
	"purchase_state" text NOT NULL,
	"failure_reason" text,
	"status" text DEFAULT 'created' NOT NULL,
	"carrier_status" text DEFAULT 'CREATED' NOT NULL,
	"tracking_number" text,
	"carrier_reference" text,
	"carrier_cost" bigint NOT NULL,
	"insurance_premium" bigint DEFAULT 0 NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"declared_value" bigint,
	"deductible" bigint,
	"insurance_invoice_file_id" uuid,
	"insurance_invoice_uuid" text,
	"hold_id" uuid,
	"charge_transaction_id" uuid,
	"refund_transaction_id" uuid,
	"pickup_id" uuid,
	"pickup_start" text,
	"pickup_end" text,
	"destination_name" text NOT NULL,
	"destination_zip" text NOT NULL,
	"last_event_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancellation_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_trackingNumber_unique" UNIQUE("tracking_number"),
	CONSTRAINT "shipments_charges_add_up" CHECK ("shipments"."total" = "shipments"."carrier_cost" + "shipments"."insurance_premium" + "shipments"."vat")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"code" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_labels" ADD CONSTRAINT "shipment_labels_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_products" ADD CONSTRAINT "shipment_products_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_charge_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("charge_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_refund_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_insurance_invoice_file" FOREIGN KEY ("organization_id","insurance_invoice_file_id") REFERENCES "public"."files"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_confirmation" ON "pickups" USING btree ("carrier_key","confirmation_number");--> statement-breakpoint
CREATE INDEX "pickups_organization_date" ON "pickups" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "quotes_organization_created" ON "quotes" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_packages_position" ON "shipment_packages" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "shipment_packages_package" ON "shipment_packages" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_products_position" ON "shipment_products" USING btree ("shipment_id","package_position","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_idempotency" ON "shipments" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shipments_organization_created" ON "shipments" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_organization_status" ON "shipments" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_search_trgm" ON "shipments" USING gin ((lower(coalesce("tracking_number", '') || ' ' || "destination_name" || ' ' || "destination_zip")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_pickup" ON "shipments" USING btree ("pickup_id");--> statement-breakpoint
CREATE INDEX "shipments_location" ON "shipments" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "shipments_customer" ON "shipments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "shipments_purchasing" ON "shipments" USING btree ("created_at") WHERE "shipments"."purchase_state" = 'purchasing';--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_external" ON "tracking_events" USING btree ("shipment_id","external_id");--> statement-breakpoint
CREATE INDEX "tracking_events_shipment_time" ON "tracking_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;