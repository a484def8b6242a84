-- The balances' guard decides in the trigger's WHEN clause whether a write comes from inside
-- stock_apply: the hot path (every reservation) then calls no PL/pgSQL trigger function, and the
-- function (stock.functions.sql) only refuses.
DROP TRIGGER stock_balances_guard ON stock_balances;--> statement-breakpoint
CREATE TRIGGER stock_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON stock_balances
  FOR EACH ROW WHEN (coalesce(current_setting('despacho.stock_apply', true), '') <> 'on')
  EXECUTE FUNCTION stock_balances_guard();
