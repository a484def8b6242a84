import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Which modules each module's own code imports, type imports included. */
function moduleGraph(): Map<string, Set<string>> {
  const dir = new URL('./', import.meta.url);
  const modules = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map<string, Set<string>>();
  for (const name of modules) {
    const uses = new Set<string>();
    for (const file of readdirSync(new URL(`${name}/`, dir))) {
      if (!file.endsWith('.ts') || /\.test(-support)?\.ts$/.test(file)) continue;
      const source = readFileSync(new URL(`${name}/${file}`, dir), 'utf8');
      for (const [, other] of source.matchAll(/from '\.\.\/([\w-]+)[/']/g)) {
        if (other !== name && modules.includes(other!)) uses.add(other!);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** A path of modules that leads back to its start, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (name: string, path: string[]): string[] | null => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    done.add(name);
    return null;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('API module graph', () => {
  // import-x/no-cycle skips type-only imports (erased at run time); between modules a cycle of
  // types is still two modules that cannot be understood or changed apart.
  it('has no cycle between modules, type imports included', () => {
    const graph = moduleGraph();
    expect(graph.get('shipments')).toContain('carriers');
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
