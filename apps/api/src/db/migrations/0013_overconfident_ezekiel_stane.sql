CREATE SEQUENCE "public"."spei_account_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"origin_bank" text,
	"reference_type" text,
	"reference_number" text,
	"tracking_key" text,
	"voucher_file_id" uuid,
	"card_summary" text,
	"provider_payment_id" text,
	"reject_reason" text,
	"ledger_transaction_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposits_method" CHECK ("deposits"."method" in ('spei', 'card')),
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'credited', 'rejected', 'failed')),
	CONSTRAINT "deposits_amounts" CHECK ("deposits"."net" > 0 and "deposits"."fee" >= 0 and "deposits"."amount" = "deposits"."net" + "deposits"."fee"),
	CONSTRAINT "deposits_credited_has_transaction" CHECK (("deposits"."status" = 'credited') = ("deposits"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "spei_accounts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"clabe" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spei_accounts_clabe_unique" UNIQUE("clabe")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_voucher_file_fk" FOREIGN KEY ("organization_id","voucher_file_id") REFERENCES "public"."files"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spei_accounts" ADD CONSTRAINT "spei_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_idempotency" ON "deposits" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tracking_key" ON "deposits" USING btree ("origin_bank","tracking_key") WHERE "deposits"."tracking_key" is not null and "deposits"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "deposits_organization_created" ON "deposits" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_status_created" ON "deposits" USING btree ("status","created_at");