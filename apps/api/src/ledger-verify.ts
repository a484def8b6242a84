// `npm run ledger:verify`: checks every invariant of the prepaid-balance ledger in the app's
// database (DATABASE_URL, the embedded server `npm start` runs, or the embedded data directory)
// and exits 1 when any is broken, listing what broke; 0 when the ledger is whole.
import { parseConfig } from './config';
import { withToolDatabase } from './platform/tool-database';
import { LEDGER_CHECKS, ledgerTotals, verifyLedger } from './modules/wallet/ledger.verify';

async function main(): Promise<number> {
  return withToolDatabase(parseConfig(), async (db) => {
    const [problems, totals] = await Promise.all([verifyLedger(db), ledgerTotals(db)]);
    console.log(
      `Libro mayor: ${totals.transactions} transacciones, ${totals.entries} asientos, ` +
        `${totals.wallets} monederos; ${LEDGER_CHECKS.length} verificaciones.`,
    );
    for (const check of LEDGER_CHECKS) {
      const broken = problems.filter((problem) => problem.check === check);
      console.log(`${broken.length === 0 ? 'OK   ' : 'FALLA'} ${check}`);
      for (const problem of broken.slice(0, 20))
        console.log(`      ${JSON.stringify(problem.detail)}`);
      if (broken.length > 20) console.log(`      … y ${broken.length - 20} más`);
    }
    return problems.length === 0 ? 0 : 1;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
