CREATE TABLE "ledger_daily_spend" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cause" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_daily_spend_organization_id_day_cause_pk" PRIMARY KEY("organization_id","day","cause")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_state" text GENERATED ALWAYS AS (destination ->> 'state') STORED;--> statement-breakpoint
ALTER TABLE "ledger_daily_spend" ADD CONSTRAINT "ledger_daily_spend_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_made_per_day" ON "shipments" USING btree ("organization_id","created_at","carrier_key","status","destination_state") WHERE "shipments"."purchase_state" = 'purchased';--> statement-breakpoint
-- The trigger that keeps ledger_daily_spend; its function lives in
-- modules/wallet/spend.functions.sql, applied right after the migrations on every start. This
-- placeholder only lets the trigger be created first.
CREATE OR REPLACE FUNCTION ledger_daily_spend_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'spend.functions.sql not applied'; END; $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_daily_spend AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_spend_after_insert();--> statement-breakpoint
-- The days already posted (entries are append-only: inserts are all the trigger follows).
INSERT INTO ledger_daily_spend (organization_id, day, cause, amount)
  SELECT t.organization_id, (t.created_at AT TIME ZONE 'America/Mexico_City')::date,
         CASE WHEN t.kind = 'classification' THEN 'classification'
              WHEN t.kind = 'fee' OR a.kind = 'fees' THEN 'fees'
              WHEN a.kind = 'insurance_payable' THEN 'insurance'
              ELSE 'labels' END,
         sum(e.amount)
    FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
   WHERE a.organization_id IS NULL AND a.kind NOT IN ('bank_clearing', 'card_clearing')
   GROUP BY 1, 2, 3;
