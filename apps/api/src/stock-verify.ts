// `npm run stock:verify`: every invariant of the stock ledger (stock.verify.ts).
import { runVerifyCommand } from './platform/invariants';
import { STOCK_CHECKS, stockTotals, verifyStock } from './modules/inventory/stock.verify';

runVerifyCommand(async (db) => {
  const [problems, totals] = await Promise.all([verifyStock(db), stockTotals(db)]);
  return {
    summary:
      `Existencias: ${totals.operations} operaciones, ${totals.movements} movimientos, ` +
      `${totals.balances} saldos; ${STOCK_CHECKS.length} verificaciones.`,
    checks: STOCK_CHECKS,
    problems,
  };
});
