ALTER TABLE "ledger_transactions" ADD COLUMN "description_code" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "description_params" jsonb;