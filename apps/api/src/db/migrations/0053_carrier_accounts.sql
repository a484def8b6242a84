CREATE TABLE "carrier_accounts" (
	"organization_id" uuid NOT NULL,
	"carrier_key" text NOT NULL,
	"choice" text NOT NULL,
	"account_number" text,
	"sealed_credentials" text,
	"secret_last4" text,
	"secret_set_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_accounts_organization_id_carrier_key_pk" PRIMARY KEY("organization_id","carrier_key"),
	CONSTRAINT "carrier_accounts_own_has_credentials" CHECK ("carrier_accounts"."choice" = 'platform' or "carrier_accounts"."sealed_credentials" is not null)
);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "customs" jsonb;--> statement-breakpoint
CREATE INDEX "shipments_polled" ON "shipments" USING btree ("carrier_key","created_at","id") WHERE "shipments"."purchase_state" = 'purchased' and not "shipments"."sandbox" and "shipments"."status" not in ('delivered', 'cancelled');--> statement-breakpoint
ALTER TABLE "carrier_accounts" ADD CONSTRAINT "carrier_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;