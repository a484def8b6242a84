CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"bank_reference" text NOT NULL,
	"tracking_key" text NOT NULL,
	"operation_date" date NOT NULL,
	"beneficiary_clabe" text NOT NULL,
	"sender_clabe" text NOT NULL,
	"sender_bank" text NOT NULL,
	"sender_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"concept" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"unmatched_reason" text,
	"organization_id" uuid,
	"deposit_id" uuid,
	"ledger_transaction_id" uuid,
	"return_reason" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_transfers_source" CHECK ("bank_transfers"."source" in ('statement', 'webhook')),
	CONSTRAINT "bank_transfers_status" CHECK ("bank_transfers"."status" in ('credited', 'unmatched', 'returned')),
	CONSTRAINT "bank_transfers_amount" CHECK ("bank_transfers"."amount" > 0),
	CONSTRAINT "bank_transfers_credited" CHECK (("bank_transfers"."status" = 'credited') = ("bank_transfers"."ledger_transaction_id" is not null and "bank_transfers"."organization_id" is not null)),
	CONSTRAINT "bank_transfers_unmatched" CHECK (("bank_transfers"."status" = 'unmatched') = ("bank_transfers"."unmatched_reason" is not null)),
	CONSTRAINT "bank_transfers_returned" CHECK (("bank_transfers"."status" = 'returned') = ("bank_transfers"."return_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"bank_reference" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_bank_reference" ON "bank_transfers" USING btree ("bank_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_deposit" ON "bank_transfers" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_status_received" ON "bank_transfers" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_organization" ON "bank_transfers" USING btree ("organization_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_transfers_tracking_key" ON "bank_transfers" USING btree ("sender_bank","tracking_key");