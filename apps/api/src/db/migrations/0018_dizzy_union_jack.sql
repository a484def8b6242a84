CREATE TABLE "invoice_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_folio" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"series" text NOT NULL,
	"folio" integer NOT NULL,
	"cfdi_type" text NOT NULL,
	"kind" text NOT NULL,
	"deposit_id" uuid NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"payment_form" text NOT NULL,
	"triggered_by" uuid,
	"issuer_rfc" text NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_regime" text NOT NULL,
	"issuer_zip" text NOT NULL,
	"receiver_rfc" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_regime" text NOT NULL,
	"receiver_use" text NOT NULL,
	"receiver_zip" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"status" text NOT NULL,
	"pac" text,
	"uuid" text,
	"stamped_at" timestamp with time zone,
	"xml" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('deposit', 'fee')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('pending', 'stamped', 'failed')),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal" >= 0 and "invoices"."vat" >= 0 and "invoices"."total" = "invoices"."subtotal" + "invoices"."vat"),
	CONSTRAINT "invoices_stamped_has_uuid" CHECK (("invoices"."status" = 'stamped') = ("invoices"."uuid" is not null and "invoices"."xml" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_folio" ON "invoices" USING btree ("series","folio");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_deposit_kind" ON "invoices" USING btree ("deposit_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uuid" ON "invoices" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "invoices_organization_created" ON "invoices" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_failed" ON "invoices" USING btree ("status") WHERE "invoices"."status" <> 'stamped';