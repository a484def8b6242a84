import type { SQL } from 'drizzle-orm';
import { parseConfig } from '../config';
import type { DbOrTx } from './db';
import { withToolDatabase } from './tool-database';

/** A row breaking an invariant: which check, and the record at fault with what was found. */
export interface InvariantProblem {
  check: string;
  detail: Record<string, unknown>;
}

/**
 * A module's invariants on one subject: its own (the stock ledger's, the wallet's), or what it
 * expects of another module's records (an exit of its stock movements, a guide of its hold).
 * Each check is a query answering the rows that break it. The composition root's list
 * (modules/invariants.ts) registers every set; `stock:verify` and `ledger:verify` run a subject.
 */
export interface InvariantSet {
  subject: 'stock' | 'money';
  /** The module whose rule it is, named in the report. */
  owner: string;
  checks: Record<string, SQL>;
}

/** Every check of `subject` in `sets`, by name (names are unique across the sets). */
export function checksOf(sets: readonly InvariantSet[], subject: InvariantSet['subject']) {
  const checks: Record<string, SQL> = {};
  for (const set of sets.filter((each) => each.subject === subject)) {
    for (const [name, query] of Object.entries(set.checks)) {
      if (name in checks) throw new Error(`invariant "${name}" registered twice`);
      checks[name] = query;
    }
  }
  return checks;
}

/**
 * Runs invariant checks (each a query answering the rows that break it) in one repeatable-read
 * snapshot, so a change committing meanwhile cannot look like a break. Empty: all hold.
 */
export async function checkInvariants(
  db: DbOrTx,
  checks: Record<string, SQL>,
): Promise<InvariantProblem[]> {
  return db.transaction(
    async (tx) => {
      const problems: InvariantProblem[] = [];
      for (const [check, query] of Object.entries(checks)) {
        const result = await tx.execute<Record<string, unknown>>(query);
        for (const detail of result.rows) problems.push({ check, detail });
      }
      return problems;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Prints what a `…:verify` command found (a summary line, then OK or FALLA per check with up to
 * 20 offending rows) and answers its exit code: 0 when every check holds, 1 otherwise.
 */
function reportInvariants(
  summary: string,
  checks: readonly string[],
  problems: readonly InvariantProblem[],
): number {
  console.log(summary);
  for (const check of checks) {
    const broken = problems.filter((problem) => problem.check === check);
    console.log(`${broken.length === 0 ? 'OK   ' : 'FALLA'} ${check}`);
    for (const problem of broken.slice(0, 20))
      console.log(`      ${JSON.stringify(problem.detail)}`);
    if (broken.length > 20) console.log(`      … y ${broken.length - 20} más`);
  }
  return problems.length === 0 ? 0 : 1;
}

/**
 * A `…:verify` command (`npm run ledger:verify`, `stock:verify`): runs `verify` on the app's
 * database (DATABASE_URL, the embedded server `npm start` runs, or the embedded data directory),
 * prints the report and exits 0 when whole, 1 when anything broke, 2 when it could not check.
 */
export function runVerifyCommand(
  verify: (db: DbOrTx) => Promise<{
    summary: string;
    checks: readonly string[];
    problems: readonly InvariantProblem[];
  }>,
): void {
  withToolDatabase(parseConfig(), async (db) => {
    const { summary, checks, problems } = await verify(db);
    return reportInvariants(summary, checks, problems);
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
