// Classification scenario of `npm run bench` (issue 24), run by bench/run.mjs against its
// throwaway app: SAT's whole c_FraccionArancelaria catalogue (about 11,500 codes; by default
// ../shared/data/sat/ beside the clone, the scenario skipped when the file is missing) imported
// into the app's database, then the staff console's word search over it
// (GET /api/v1/staff/classification/tariff-search?search=…, Spanish full text and trigrams),
// as platform staff, at 10 connections. Goal: p99 <= 50 ms.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { api } from './api-modules.mjs';
import { root } from '../scripts/lib/throwaway-app.mjs';

export const CLASSIFICATION_GOAL = { connections: 10, maxP99Ms: 50 };
export const DEFAULT_TARIFF_FILE = path.resolve(
  root,
  '../shared/data/sat/c_FraccionArancelaria.csv',
);

/** Searches as a classifier types them: common goods, a plural, a misspelling, several words. */
const SEARCHES = [
  ['camisetas de algodón', 'camisetas%20de%20algod%C3%B3n'],
  ['teléfonos inteligentes', 'tel%C3%A9fonos%20inteligentes'],
  ['juguete (singular)', 'juguete'],
  ['chocolate en tabletas', 'chocolate%20en%20tabletas'],
  ['calzdo (misspelt)', 'calzdo'],
];

async function staffHeaders(app, headers) {
  const { DEMO_LOGINS } = await api('db/seed.ts');
  const staff = DEMO_LOGINS.find((login) => login.email.endsWith('@despacho.mx'));
  const response = await fetch(`${app.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  if (!response.ok) throw new Error(`staff login answered ${response.status}`);
  const token = (await response.json()).data?.access_token;
  if (typeof token !== 'string') throw new Error('staff login answered no token');
  return { ...headers, authorization: `Bearer ${token}` };
}

export async function classificationScenarios(ctx) {
  const { db, say, seconds, headers, measure, summary, cannon } = ctx;
  const file = DEFAULT_TARIFF_FILE;
  if (!existsSync(file)) return { results: [], skipped: `no catalogue at ${file}` };
  const { importTariffFractions } = await api('modules/catalogs/tariff-fractions.importer.ts');
  say(`Importing c_FraccionArancelaria from ${file}…`);
  const started = performance.now();
  const counts = await importTariffFractions(db, file);
  const importSeconds = Math.round((performance.now() - started) / 100) / 10;
  await db.$client.query('vacuum analyze tariff_fractions');
  say(`  ${counts.codes} codes in ${importSeconds} s`);
  const staff = await staffHeaders(ctx.app, {
    cookie: headers.cookie,
    'x-xsrf-token': headers['x-xsrf-token'],
  });
  const pathOf = (query) => `/api/v1/staff/classification/tariff-search?search=${query}`;
  const found = {};
  for (const [label, query] of SEARCHES) {
    const response = await fetch(`${ctx.app.url}${pathOf(query)}`, { headers: staff });
    if (!response.ok) throw new Error(`${label} answered ${response.status}`);
    found[label] = (await response.json()).data.slice(0, 3).map((row) => row.code);
  }
  say(`Tariff search: warm-up ${seconds(3)} s…`);
  await cannon({
    path: pathOf(SEARCHES[0][1]),
    headers: staff,
    connections: CLASSIFICATION_GOAL.connections,
    duration: seconds(3),
  });
  const results = [];
  for (const [label, query] of SEARCHES) {
    say(
      `GET tariff-search "${label}": ${seconds(6)} s, ${CLASSIFICATION_GOAL.connections} connections…`,
    );
    results.push(
      summary(
        `GET staff tariff-search ${label}`,
        await measure({
          path: pathOf(query),
          headers: staff,
          connections: CLASSIFICATION_GOAL.connections,
          duration: seconds(6),
        }),
      ),
    );
  }
  const failing = results.filter(
    (row) => row.latency_p99_ms > CLASSIFICATION_GOAL.maxP99Ms || row.non_2xx > 0 || row.errors > 0,
  );
  return {
    results,
    report: {
      catalogue: { codes: counts.codes, import_s: importSeconds },
      top_codes: found,
      goal: {
        ...CLASSIFICATION_GOAL,
        pass: failing.length === 0,
        failing: failing.map((row) => row.name),
      },
    },
  };
}
