// `npm run ledger:verify`: every money invariant, the wallet's and its consumers' (modules/invariants.ts).
import { runVerifyCommand } from './platform/invariants';
import { LEDGER_CHECKS, verifyLedger } from './modules/invariants';
import { ledgerTotals } from './modules/wallet/ledger.verify';

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
