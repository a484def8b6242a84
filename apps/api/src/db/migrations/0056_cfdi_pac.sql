CREATE TABLE "cfdi_webhook_deliveries" (
	"digest" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_motive" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_substitution" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_id" ON "invoices" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancellation" CHECK (("invoices"."cancellation_motive" is null or ("invoices"."status" = 'stamped' and "invoices"."cancellation_motive" in ('01', '02', '03', '04')))
        and ("invoices"."cancellation_motive" is null) = ("invoices"."cancellation_status" is null)
        and ("invoices"."cancellation_motive" is null) = ("invoices"."cancellation_requested_at" is null)
        and ("invoices"."cancellation_status" is null or "invoices"."cancellation_status" in ('pending', 'accepted', 'rejected'))
        and ("invoices"."cancellation_motive" is not distinct from '01') = ("invoices"."cancellation_substitution" is not null));