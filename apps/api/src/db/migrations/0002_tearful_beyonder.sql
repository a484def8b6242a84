CREATE TABLE "organization_carriers" (
	"organization_id" uuid NOT NULL,
	"carrier_key" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organization_carriers_organization_id_carrier_key_pk" PRIMARY KEY("organization_id","carrier_key")
);
--> statement-breakpoint
ALTER TABLE "organization_carriers" ADD CONSTRAINT "organization_carriers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;