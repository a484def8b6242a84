import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A `…:verify` command (`apps/api/src/<name>-verify.ts`) as an operator runs it, against the
 * database DATABASE_URL names: its exit code and what it printed.
 */
export async function runVerifyCommand(
  script: 'ledger-verify' | 'stock-verify',
  databaseUrl: string,
): Promise<{ code: number; stdout: string }> {
  return run('npx', ['tsx', `apps/api/src/${script}.ts`], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}
