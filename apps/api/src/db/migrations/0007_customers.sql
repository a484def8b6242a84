CREATE TABLE "customer_addresses" (
	"customer_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"alias" text NOT NULL,
	"company" text,
	"contact_name" text NOT NULL,
	"contact_email" text,
	"contact_phone" text NOT NULL,
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
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"last_name" text,
	"company" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"tax_id" text,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_per_customer" ON "customer_addresses" USING btree ("customer_id") WHERE "customer_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "customer_addresses_customer" ON "customer_addresses" USING btree ("customer_id","position");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_organization_name" ON "customers" USING btree ("organization_id","name" collate "es-x-icu","last_name" collate "es-x-icu","id");--> statement-breakpoint
CREATE INDEX "customers_organization_company" ON "customers" USING btree ("organization_id","company" collate "es-x-icu" asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "customers_organization_company_desc" ON "customers" USING btree ("organization_id","company" collate "es-x-icu" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "customers_organization_created" ON "customers" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_organization_favorites" ON "customers" USING btree ("organization_id","created_at","id") WHERE "customers"."is_favorite";