// `npm run ledger:verify`: every invariant of the prepaid-balance ledger (ledger.verify.ts).
import { runVerifyCommand } from './platform/invariants';
import { LEDGER_CHECKS, ledgerTotals, verifyLedger } from './modules/wallet/ledger.verify';

runVerifyCommand(async (db) => {
  const [problems, totals] = await Promise.all([verifyLedger(db), ledgerTotals(db)]);
  return {
    summary:
      `Libro mayor: ${totals.transactions} transacciones, ${totals.entries} asientos, ` +
      `${totals.wallets} monederos; ${LEDGER_CHECKS.length} verificaciones.`,
    checks: LEDGER_CHECKS,
    problems,
  };
});
