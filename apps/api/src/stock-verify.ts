// `npm run stock:verify`: every stock invariant, inventory's and its consumers' (modules/invariants.ts).
import { runVerifyCommand } from './platform/invariants';
import { STOCK_CHECKS, verifyStock } from './modules/invariants';
import { stockTotals } from './modules/inventory/stock.verify';

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
