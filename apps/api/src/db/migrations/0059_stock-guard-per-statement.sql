-- The balances' guard fires once per statement, before any row (decision 039): a row trigger
-- made every balance update lock its row once more for the trigger, a WAL record each. The
-- function (stock.functions.sql) checks stock_apply's setting itself. No statement outside
-- stock_apply writes balances, so refusing one that touches no row refuses nothing legitimate;
-- no foreign key cascades into the table.
DROP TRIGGER stock_balances_guard ON stock_balances;--> statement-breakpoint
CREATE TRIGGER stock_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON stock_balances
  FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_guard();
