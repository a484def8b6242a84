import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api/src, whose modules/<name>/ and platform/ own tables and issue SQL. */
export const SOURCE = fileURLToPath(new URL('../', import.meta.url));

/** The module a source file belongs to: its folder under modules/, or `platform`. */
export function ownerOfFile(file: string): string | null {
  const [top, name] = path.relative(SOURCE, file).split(path.sep);
  if (top === 'platform') return 'platform';
  if (top === 'modules' && name && !name.includes('.')) return name;
  return null;
}

/**
 * Which module owns each table: the `pgTable('<name>'` of every *.tables.ts, plus `jobs`, the
 * platform's view over pg-boss (migration 0023), which no *.tables.ts declares.
 */
export function tableOwners(files: readonly string[]): Map<string, string> {
  const owners = new Map<string, string>([['jobs', 'platform']]);
  for (const file of files.filter((each) => each.endsWith('.tables.ts'))) {
    const owner = ownerOfFile(file);
    if (!owner) continue;
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)) {
      owners.set(table!, owner);
    }
  }
  return owners;
}

/** The text without comments (`--` in SQL; `//` and block comments in TypeScript). */
function withoutComments(source: string, sqlFile: boolean): string {
  if (sqlFile) return source.replace(/--.*$/gm, '');
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

export interface TableUse {
  table: string;
  write: boolean;
}

/**
 * The tables a source's SQL writes (INSERT INTO, UPDATE … SET, DELETE FROM, TRUNCATE) and reads
 * (FROM, JOIN), among `known` tables: a CTE, a function call or a word that is no table is not
 * one. Reads of a written table are not listed apart.
 */
export function tablesUsed(source: string, sqlFile: boolean, known: ReadonlySet<string>) {
  const text = withoutComments(source, sqlFile);
  const uses = new Map<string, TableUse>();
  const note = (table: string | undefined, write: boolean) => {
    const name = table?.toLowerCase();
    if (!name || !known.has(name)) return;
    const before = uses.get(name);
    uses.set(name, { table: name, write: write || (before?.write ?? false) });
  };
  const writes = [
    /\binsert\s+into\s+(?:only\s+)?"?(\w+)"?/gi,
    /\bupdate\s+(?:only\s+)?"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi,
    /\bdelete\s+from\s+(?:only\s+)?"?(\w+)"?/gi,
    /\btruncate\s+(?:table\s+)?"?(\w+)"?/gi,
  ];
  for (const pattern of writes) for (const [, table] of text.matchAll(pattern)) note(table, true);
  for (const [, table] of text.matchAll(/\b(?:from|join)\s+(?:only\s+)?"?(\w+)"?(?!\s*\()/gi)) {
    note(table, false);
  }
  return [...uses.values()];
}

/** A use of another module's table by a file. */
export interface Crossing extends TableUse {
  file: string;
  module: string;
  owner: string;
}

/** Every use of another module's table in `source` (a file of `module`). */
export function crossings(
  file: string,
  module: string,
  source: string,
  owners: ReadonlyMap<string, string>,
): Crossing[] {
  return tablesUsed(source, file.endsWith('.sql'), new Set(owners.keys()))
    .map((use) => ({ ...use, file, module, owner: owners.get(use.table)! }))
    .filter((use) => use.owner !== module);
}

/** Every file under apps/api/src/modules and platform, tests and their support left out. */
export function sourceFiles(): string[] {
  const files: string[] = [];
  for (const top of ['modules', 'platform']) {
    for (const entry of readdirSync(path.join(SOURCE, top), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (/\.test(-support)?\.ts$/.test(file)) continue;
      if (file.endsWith('.ts') || file.endsWith('.functions.sql')) files.push(file);
    }
  }
  return files.sort();
}
