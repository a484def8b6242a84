ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_operation_id_stock_operations_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_balance_fk";
--> statement-breakpoint
ALTER TABLE "stock_operations" DROP CONSTRAINT "stock_operations_organization_id_organizations_id_fk";
--> statement-breakpoint
DROP INDEX "stock_operations_cause";--> statement-breakpoint
ALTER TABLE "stock_operations" ALTER COLUMN "id" SET DEFAULT uuidv7();--> statement-breakpoint
-- stock_apply takes its lines as arrays now (stock.functions.sql, applied after the migrations):
-- the jsonb form it replaces would stay beside it as an overload.
DROP FUNCTION IF EXISTS stock_apply(uuid, text, text, text, text, text, uuid, timestamptz, jsonb);
