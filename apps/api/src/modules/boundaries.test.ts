import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// The repository's own configuration; `ignore: false` so the cycle fixture, which the project's
// lint skips, is linted here.
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('API boundaries (ESLint)', () => {
  it('refuses another module’s repository or tables, and accepts its index', async () => {
    const file = 'apps/api/src/modules/billing/boundary.ts';
    expect(
      await ruleIds(`export { findUserById } from '../accounts/users.repository';\n`, file),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds(`export { users } from '../accounts/accounts.tables';\n`, file)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds(`export { permissionsOf } from '../accounts';\n`, file)).toEqual([]);
  });

  it('lets a table reference another module’s tables (the schema is one)', async () => {
    const file = 'apps/api/src/modules/billing/boundary.tables.ts';
    expect(await ruleIds(`export { users } from '../accounts/accounts.tables';\n`, file)).toEqual(
      [],
    );
    expect(
      await ruleIds(`export { findUserById } from '../accounts/users.repository';\n`, file),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps routes to their own module and out of repositories', async () => {
    const file = 'apps/api/src/modules/billing/boundary.routes.ts';
    expect(await ruleIds(`export { permissionsOf } from '../accounts';\n`, file)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds(`export { listInvoices } from './billing.repository';\n`, file)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('keeps modules out of platform', async () => {
    const file = 'apps/api/src/platform/boundary.ts';
    expect(await ruleIds(`export { permissionsOf } from '../modules/accounts';\n`, file)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('reports an import cycle', async () => {
    const [result] = await eslint.lintFiles(['apps/api/test/fixtures/import-cycle/first.ts']);
    expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
