CREATE TABLE "locations" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"company" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
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
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_default_per_organization" ON "locations" USING btree ("organization_id") WHERE "locations"."is_default";--> statement-breakpoint
CREATE INDEX "locations_organization_search" ON "locations" USING btree ("organization_id","alias","company","zip");