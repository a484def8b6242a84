CREATE TABLE "vendors" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
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
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendors_status_check" CHECK ("vendors"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_organization_code_unique" ON "vendors" USING btree ("organization_id",upper("code"));--> statement-breakpoint
CREATE INDEX "vendors_organization_list" ON "vendors" USING btree ("organization_id","status","created_at" DESC NULLS LAST);