-- A movement is keyed by its operation first (decision 039): the one primary-key index then
-- serves both the key and the reads by operation, one index entry less on every movement.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_pkey";--> statement-breakpoint
DROP INDEX "stock_movements_operation";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_operation_id_id_pk" PRIMARY KEY("operation_id","id");
