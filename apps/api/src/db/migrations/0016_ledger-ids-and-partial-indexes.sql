DROP INDEX "ledger_transactions_reference";--> statement-breakpoint
DROP INDEX "ledger_transactions_related";--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "id" SET DEFAULT uuidv7();--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "id" SET DEFAULT uuidv7();--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference" ON "ledger_transactions" USING btree ("reference_type","reference_id") WHERE "ledger_transactions"."reference_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_related" ON "ledger_transactions" USING btree ("related_transaction_id") WHERE "ledger_transactions"."related_transaction_id" is not null;