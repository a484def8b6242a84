import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const DOMAIN = path.resolve(SRC, '../../../packages/domain/src');

/** What only the app past the sign-in uses: the cold login must load none of it (decision 030). */
const APP_ONLY = [
  'react-router',
  'zod',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers',
  // The dashboard's charts come in their own chunk, after the dashboard's figures.
  '@mantine/charts',
  'recharts',
  // The barrel carries validation.ts (zod's configuration) and every module's schemas.
  '@despacho/domain',
];

// Static imports and re-exports, not `import type` nor `import()`: what loads with a module.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(base: string): string {
  const found = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
  if (!found) throw new Error(`cannot resolve ${base}`);
  return found;
}

/** Every source file and package the entry loads before anything is typed or clicked. */
function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier || specifier.endsWith('.css')) continue;
      if (specifier.startsWith('.'))
        visit(resolveFile(path.resolve(path.dirname(file), specifier)));
      else if (specifier.startsWith('@despacho/domain/')) {
        visit(resolveFile(path.join(DOMAIN, specifier.slice('@despacho/domain/'.length))));
      } else packages.set(specifier, path.relative(SRC, file));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the first screen', () => {
  const { files, packages } = staticGraph(path.join(SRC, 'main.tsx'));

  it('loads none of what only the signed-in app uses', () => {
    const offending = [...packages]
      .filter(([name]) => APP_ONLY.some((only) => name === only || name.startsWith(`${only}/`)))
      .map(([name, importer]) => `${name} (from ${importer})`);
    expect(offending).toEqual([]);
  });

  it('is walked for real: the login page and the app entry are reached, the app is not', () => {
    const reached = [...files].map((file) => path.relative(SRC, file));
    expect(reached).toContain('features/auth/pages/LoginPage.tsx');
    expect(reached).toContain('app/Entry.tsx');
    expect(reached).not.toContain('app/App.tsx');
    expect([...packages.keys()]).toContain('react-i18next');
  });
});
