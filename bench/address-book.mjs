// Address-book scenarios of `npm run bench` (issue 4), run by bench/run.mjs against its
// throwaway app:
//   GET /api/v1/postal-codes/{zip} with the full SEPOMEX catalogue imported into the app's
//     database: load through HTTP, plus the server time measured inside a process (Fastify's
//     `reply.elapsedTime` of the same app built in-process on the same database) and
//     PostgreSQL's own execution time of the lookup (EXPLAIN ANALYZE).
//   GET /api/v1/customers with 100,000 customers in the demo organization, written straight
//     into the database: first page, a deep page, searches, favorites, sort by name.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from './api-modules.mjs';
import { root } from '../scripts/lib/throwaway-app.mjs';

/** Where the official file sits beside the clone, as locally and in CI. */
export const DEFAULT_POSTAL_CODES_FILE = path.resolve(
  root,
  '../shared/data/sepomex/CPdescarga.txt',
);

export const POSTAL_GOAL = { maxServerTimeMs: 5 };
export const CUSTOMERS_GOAL = { connections: 20, maxP99Ms: 100 };
export const CUSTOMER_COUNT = 100_000;

/** A percentile of a list of numbers (nearest rank). */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * The URL of the app's own database: the embedded PostgreSQL of the throwaway app, whose port is
 * on the fourth line of its `postmaster.pid`.
 */
export async function appDatabaseUrl(app) {
  const pidFile = path.join(app.dataDir, 'pg', 'postmaster.pid');
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${pidFile}`);
  const { embeddedDatabaseUrl } = await api('platform/embedded-postgres.ts');
  return embeddedDatabaseUrl(port, 'despacho');
}

/** A pool of `connections` on the app's own database. */
export async function openAppDatabase(app, connections = 4) {
  const { connect } = await api('platform/db.ts');
  return connect(await appDatabaseUrl(app), connections);
}

/**
 * The same app built inside this process on the same database, with a hook that records
 * Fastify's `reply.elapsedTime` (from the request's arrival to the answer sent): server time
 * without the network, the client or the load generator.
 */
export async function inProcessApp(db, jwtSecret) {
  const { buildApp } = await api('app.ts');
  const { parseConfig } = await api('config.ts');
  const { systemClock } = await api('platform/clock.ts');
  const config = {
    // As the benchmarked app runs (scripts/lib/throwaway-app.mjs), without its logging.
    ...parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }),
    JWT_SECRET: jwtSecret,
    APP_URL: 'http://127.0.0.1',
  };
  const app = await buildApp({ config, db, clock: systemClock });
  let times = null;
  app.addHook('onResponse', async (_request, reply) => {
    times?.push(reply.elapsedTime);
  });
  await app.ready();
  return {
    /** Sends every path `rounds` times, one at a time; answers the server times in ms. */
    async time(paths, headers, rounds = 1) {
      times = [];
      for (let i = 0; i < rounds; i += 1) {
        for (const url of paths) {
          const response = await app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) {
            throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
          }
        }
      }
      const measured = times;
      times = null;
      return measured;
    },
    close: () => app.close(),
  };
}

export const serverTimeSummary = (times) => ({
  requests: times.length,
  p50_ms: round(percentile(times, 50)),
  p99_ms: round(percentile(times, 99)),
  max_ms: round(Math.max(...times)),
  mean_ms: round(times.reduce((sum, time) => sum + time, 0) / times.length),
});

/** PostgreSQL's execution time of the lookup the repository runs, median of `runs`. */
async function explainLookup(db, zip, runs = 15) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await db.$client.query(
      'explain (analyze, format json) select * from postal_code_settlements where zip = $1',
      [zip],
    );
    const [plan] = result.rows[0]['QUERY PLAN'];
    times.push(plan['Execution Time']);
    rows = plan.Plan['Actual Rows'];
  }
  return { zip, rows, execution_ms: round(percentile(times, 50), 3) };
}

/**
 * `GET /api/v1/postal-codes/{zip}` on the full catalogue. Answers the HTTP results (for the
 * table) and the server-time report; `skipped` when the file is not there.
 */
export async function postalCodeScenarios(ctx) {
  const { db, file, seconds, say, headers, measure, summary, jwtSecret } = ctx;
  if (!file || !existsSync(file)) {
    const reason = `skipped: the official SEPOMEX file is missing (${file ?? 'no --postal-codes'})`;
    say(`GET /api/v1/postal-codes/{zip}: ${reason}`);
    return { skipped: reason, results: [] };
  }
  const { importPostalCodes } = await api('modules/catalogs/postal-codes.importer.ts');
  say(`Importing ${file} into the app's database…`);
  const started = performance.now();
  const counts = await importPostalCodes(db, file);
  const importSeconds = round((performance.now() - started) / 1000, 1);
  say(
    `  ${counts.settlements} settlements, ${counts.postalCodes} postal codes in ${importSeconds} s`,
  );

  // Every 64th postal code (about 500, all over the country), the largest, and one unknown.
  const { rows: sample } = await db.$client.query(
    `select zip from (select zip, row_number() over (order by zip) as n
                        from (select distinct zip from postal_code_settlements) zips) numbered
      where n % 64 = 1 order by zip`,
  );
  const zips = sample.map((row) => row.zip);
  const {
    rows: [largest],
  } = await db.$client.query(
    `select zip, count(*)::int as settlements from postal_code_settlements
      group by zip order by count(*) desc, zip limit 1`,
  );
  const paths = zips.map((zip) => `/api/v1/postal-codes/${zip}`);

  say(`Server time in-process: ${zips.length} postal codes × 3, then ${largest.zip} × 200…`);
  const inProcess = await inProcessApp(db, jwtSecret);
  let serverTime;
  try {
    await inProcess.time(paths, headers, 1); // warm-up: JIT, plans, caches
    serverTime = {
      sample: serverTimeSummary(await inProcess.time(paths, headers, 3)),
      largest: {
        zip: largest.zip,
        settlements: largest.settlements,
        ...serverTimeSummary(
          await inProcess.time([`/api/v1/postal-codes/${largest.zip}`], headers, 200),
        ),
      },
    };
  } finally {
    await inProcess.close();
  }
  const explain = [
    await explainLookup(db, '06700'),
    await explainLookup(db, largest.zip),
    await explainLookup(db, '99999'),
  ];

  say(`GET /api/v1/postal-codes/{zip}: ${seconds(10)} s, 20 connections, ${zips.length} zips…`);
  const requests = paths.map((p) => ({ method: 'GET', path: p }));
  const load = summary(
    'GET /api/v1/postal-codes/{zip}',
    await measure({ path: paths[0], headers, requests, connections: 20, duration: seconds(10) }),
  );
  say(`GET /api/v1/postal-codes/${largest.zip}: ${seconds(5)} s, 20 connections…`);
  const loadLargest = summary(
    `GET /api/v1/postal-codes/${largest.zip} (${largest.settlements} settlements)`,
    await measure({
      path: `/api/v1/postal-codes/${largest.zip}`,
      headers,
      connections: 20,
      duration: seconds(5),
    }),
  );

  const pass =
    serverTime.sample.p99_ms < POSTAL_GOAL.maxServerTimeMs &&
    serverTime.largest.p99_ms < POSTAL_GOAL.maxServerTimeMs &&
    load.non_2xx === 0 &&
    load.errors === 0;
  return {
    results: [load, loadLargest],
    report: {
      catalogue: { file, ...counts, import_s: importSeconds },
      zips_sampled: zips.length,
      server_time: serverTime,
      postgres_execution: explain,
      goal: { ...POSTAL_GOAL, pass },
    },
  };
}

// --- Customers ---------------------------------------------------------------------------

/** A small deterministic generator (mulberry32), so every run loads the same customers. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// prettier-ignore
const FIRST_NAMES = [
  'María', 'José', 'Juan', 'Guadalupe', 'Francisco', 'Ana', 'Luis', 'Carlos', 'Sofía', 'Jorge',
  'Verónica', 'Miguel', 'Alejandra', 'Ricardo', 'Fernanda', 'Andrés', 'Lucía', 'Héctor',
  'Gabriela', 'Raúl', 'Mónica', 'Sergio', 'Daniela', 'Óscar', 'Patricia', 'Jesús', 'Valeria',
  'Manuel', 'Ximena', 'Iván', 'Leticia', 'Ramón', 'Paola', 'Eduardo', 'Rocío', 'Arturo', 'Claudia',
  'Fernando', 'Adriana', 'Alberto', 'Beatriz', 'Roberto', 'Carmen', 'Ángel', 'Mariana', 'Emilio',
  'Natalia', 'Rodrigo', 'Regina', 'Diego', 'Itzel', 'Tomás', 'Araceli', 'Joaquín', 'Silvia',
  'Salvador', 'Yolanda', 'Gerardo', 'Elena', 'Álvaro',
];
// prettier-ignore
const LAST_NAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez',
  'Ramírez', 'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz',
  'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez',
  'Méndez', 'Chávez', 'Rivera', 'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro',
  'Vargas', 'Guzmán', 'Velázquez', 'Muñoz', 'Rojas', 'de la Cruz', 'Contreras', 'Salazar', 'Luna',
  'Ortega', 'Guerrero', 'Estrada', 'Bautista', 'Ibarra', 'Núñez', 'Peña', 'Cervantes', 'Zúñiga',
  'Villanueva', 'Espinoza', 'Cortés', 'Fuentes', 'Soto', 'Carrillo',
];
// prettier-ignore
const COMPANY_KINDS = [
  'Abarrotes', 'Papelería', 'Ferretería', 'Boutique', 'Farmacia', 'Distribuidora', 'Comercial',
  'Mueblería', 'Joyería', 'Refaccionaria', 'Panadería', 'Florería', 'Zapatería', 'Óptica',
];
// prettier-ignore
const COMPANY_NAMES = [
  'La Esperanza', 'El Sol', 'San José', 'La Guadalupana', 'Del Norte', 'Hermanos Ruiz', 'La Perla',
  'El Águila', 'Santa Fe', 'Los Pinos', 'La Estrella', 'El Porvenir', 'Tres Ríos', 'La Única',
  'Del Bajío', 'Peninsular', 'El Faro', 'Maya', 'Azteca', 'La Moderna',
];
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.mx', 'prodigy.net.mx'];
// prettier-ignore
const STREETS = [
  'Av. Insurgentes Sur', 'Calle 5 de Mayo', 'Av. Juárez', 'Calle Morelos', 'Av. Hidalgo',
  'Calle Allende', 'Av. Revolución', 'Calle Zaragoza', 'Av. Reforma', 'Calle Guerrero',
  'Calle Independencia', 'Av. Universidad', 'Calle Madero', 'Av. Vallarta', 'Calle Colón',
];
const ALIASES = ['Casa', 'Oficina', 'Bodega', 'Negocio', 'Casa de mis papás'];
const AREA_CODES = ['55', '33', '81', '222', '442', '999', '664', '477', '998', '614'];

/** Lower case ASCII for an email's local part: "Muñoz" → "munoz", "de la Cruz" → "delacruz". */
const ascii = (text) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** A PostgreSQL array literal of texts: `unnest` flattens arrays of arrays, so they go as text. */
const arrayLiteral = (values) =>
  `{${values.map((value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Inserts rows given as `{ column: value }` objects through `unnest`, `batch` rows a statement.
 * A column of an array type (`text[]`) travels as its literal and is cast back.
 */
export async function insertRows(client, table, columns, rows, batch = 5000) {
  const isArray = (type) => type.endsWith('[]');
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns
    .map(([, type], i) => `$${i + 1}::${isArray(type) ? 'text' : type}[]`)
    .join(', ');
  const values = columns.map(([, type], i) => (isArray(type) ? `c${i}::${type}` : `c${i}`));
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    await client.query(
      `insert into ${table} (${names}) select ${values.join(', ')} from unnest(${arrays}) as u(${aliases})`,
      columns.map(([name, type]) =>
        slice.map((row) =>
          isArray(type) && row[name] ? arrayLiteral(row[name]) : (row[name] ?? null),
        ),
      ),
    );
  }
}

/**
 * 100,000 customers of the demo organization with 1–3 addresses each (about 150,000), written
 * straight into the database; `search_text` is built by the service's own `customerSearchText`.
 */
export async function loadCustomers(db, count = CUSTOMER_COUNT) {
  const { customerSearchText } = await api('modules/customers/customers.search.ts');
  const client = db.$client;
  const {
    rows: [organization],
  } = await client.query(`select id from organizations where company = 'Comercio Demo'`);
  if (!organization) throw new Error('the demo organization "Comercio Demo" is missing');
  // One settlement per postal code of the catalogue, for the addresses.
  const { rows: places } = await client.query(
    `select distinct on (zip) zip, name, municipality, state, city
       from postal_code_settlements order by zip, settlement_id`,
  );
  if (places.length === 0) throw new Error('no postal-code catalogue to take addresses from');

  const timer = performance.now();
  const next = random(20261121);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const digits = (n) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const now = Date.now();
  const customers = [];
  const addresses = [];
  for (let i = 0; i < count; i += 1) {
    const name = pick(FIRST_NAMES);
    const lastName = `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
    const company = next() < 0.35 ? `${pick(COMPANY_KINDS)} ${pick(COMPANY_NAMES)}` : null;
    const email = `${ascii(name)}.${ascii(lastName.split(' ')[0])}${i}@${pick(DOMAINS)}`;
    const areaCode = pick(AREA_CODES);
    const phone = `${areaCode}${digits(10 - areaCode.length)}`;
    const createdAt = new Date(now - Math.floor(next() * 730 * 86_400_000));
    const id = randomUUID();
    const addressCount = next() < 0.6 ? 1 : next() < 0.75 ? 2 : 3;
    const zips = [];
    for (let position = 0; position < addressCount; position += 1) {
      const place = pick(places);
      zips.push(place.zip);
      addresses.push({
        customer_id: id,
        organization_id: organization.id,
        id: randomUUID(),
        position,
        alias: ALIASES[position] ?? pick(ALIASES),
        company,
        contact_name: `${name} ${lastName}`,
        contact_email: position === 0 ? email : null,
        contact_phone: phone,
        street: pick(STREETS),
        external_number: String(1 + Math.floor(next() * 2500)),
        internal_number: next() < 0.3 ? String(1 + Math.floor(next() * 20)) : null,
        reference: null,
        neighborhood: place.name,
        city: place.city || place.municipality,
        municipality: place.municipality,
        state: place.state,
        zip: place.zip,
        country: 'MX',
        is_default: position === 0,
      });
    }
    customers.push({
      organization_id: organization.id,
      id,
      name,
      last_name: lastName,
      company,
      email,
      phone,
      tax_id: null,
      is_favorite: next() < 0.05,
      search_text: customerSearchText({ name, last_name: lastName, company, email, phone }, zips),
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  const generated = performance.now();
  // One connection of the pool for the whole transaction.
  const connection = await client.connect();
  await connection.query('begin');
  try {
    await insertRows(
      connection,
      'customers',
      [
        ['organization_id', 'uuid'],
        ['id', 'uuid'],
        ['name', 'text'],
        ['last_name', 'text'],
        ['company', 'text'],
        ['email', 'text'],
        ['phone', 'text'],
        ['tax_id', 'text'],
        ['is_favorite', 'boolean'],
        ['search_text', 'text'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      customers,
    );
    await insertRows(
      connection,
      'customer_addresses',
      [
        ['customer_id', 'uuid'],
        ['organization_id', 'uuid'],
        ['id', 'uuid'],
        ['position', 'int'],
        ['alias', 'text'],
        ['company', 'text'],
        ['contact_name', 'text'],
        ['contact_email', 'text'],
        ['contact_phone', 'text'],
        ['street', 'text'],
        ['external_number', 'text'],
        ['internal_number', 'text'],
        ['reference', 'text'],
        ['neighborhood', 'text'],
        ['city', 'text'],
        ['municipality', 'text'],
        ['state', 'text'],
        ['zip', 'text'],
        ['country', 'text'],
        ['is_default', 'boolean'],
      ],
      addresses,
    );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  } finally {
    connection.release();
  }
  const inserted = performance.now();
  // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
  // counts and sorts read the indexes alone.
  await client.query('vacuum (analyze) customers, customer_addresses');
  const {
    rows: [favorites],
  } = await client.query('select count(*)::int as n from customers where is_favorite');
  const seconds = (from, to) => round((to - from) / 1000, 1);
  return {
    customers: customers.length,
    addresses: addresses.length,
    favorites: favorites.n,
    generate_s: seconds(timer, generated),
    insert_s: seconds(generated, inserted),
    vacuum_s: seconds(inserted, performance.now()),
  };
}

/** The list queries measured, each at `CUSTOMERS_GOAL.connections` connections. */
export const CUSTOMER_QUERIES = [
  ['first page', ''],
  ['deep page (2000)', 'page=2000'],
  ['search name "gonz"', 'search=gonz'],
  ['search name "maría hernández"', `search=${encodeURIComponent('maría hernández')}`],
  ['search email "sofia.ramirez"', 'search=sofia.ramirez'],
  ['search zip "06700"', 'search=06700'],
  ['favorites', 'favorites=true'],
  ['sort name', 'sort=name'],
  ['sort name, page 500', 'sort=name&page=500'],
];

/** Whether a module is in the tree and registered (`modules/index.ts` names its folder). */
export function modulePresent(name) {
  const routes = path.join(root, `apps/api/src/modules/${name}/${name}.routes.ts`);
  const index = path.join(root, 'apps/api/src/modules/index.ts');
  return existsSync(routes) && readFileSync(index, 'utf8').includes(`'./${name}/`);
}

/**
 * The queries of one list endpoint (`[label, query string]`): what each finds, its server time
 * alone, then each under load at `goal.connections`. Answers the table's rows (with `total` and
 * `server_time_alone_p50_ms`), the totals, the server times and the goal's verdict.
 */
export async function listScenarios(ctx, { path: base, queries, goal }) {
  const { app, db, seconds, say, headers, measure, summary, cannon, jwtSecret } = ctx;
  const url = (query) => `${base}${query ? `?${query}` : ''}`;

  // What each query finds, so the figures can be read against it.
  const totals = {};
  for (const [label, query] of queries) {
    const response = await fetch(`${app.url}${url(query)}`, { headers });
    if (!response.ok) throw new Error(`GET ${url(query)} answered ${response.status}`);
    const body = await response.json();
    totals[label] = { total: body.meta.total, rows: body.data.length };
  }

  // Server time of each query alone (no concurrent load), to tell cost from queueing.
  say(`Server time in-process: each ${base} query × 20…`);
  const serverTime = {};
  const inProcess = await inProcessApp(db, jwtSecret);
  try {
    for (const [label, query] of queries) {
      await inProcess.time([url(query)], headers, 3); // warm-up
      serverTime[label] = serverTimeSummary(await inProcess.time([url(query)], headers, 20));
    }
  } finally {
    await inProcess.close();
  }

  say(`GET ${base}: warm-up ${seconds(3)} s…`);
  await cannon({ path: base, headers, connections: goal.connections, duration: seconds(3) });
  const results = [];
  for (const [label, query] of queries) {
    say(`GET ${base} ${label}: ${seconds(8)} s, ${goal.connections} connections…`);
    const result = summary(
      `GET ${base} ${label}`,
      await measure({
        path: url(query),
        headers,
        connections: goal.connections,
        duration: seconds(8),
      }),
    );
    result.total = totals[label].total;
    result.server_time_alone_p50_ms = serverTime[label].p50_ms;
    results.push(result);
  }
  const failing = results.filter(
    (row) => row.latency_p99_ms > goal.maxP99Ms || row.non_2xx > 0 || row.errors > 0,
  );
  return {
    results,
    totals,
    serverTime,
    goal: { ...goal, pass: failing.length === 0, failing: failing.map((row) => row.name) },
  };
}

export async function customerScenarios(ctx) {
  const { db, say } = ctx;
  if (!modulePresent('customers')) {
    const reason = 'skipped: the customers module (apps/api/src/modules/customers) is missing';
    say(`GET /api/v1/customers: ${reason}`);
    return { skipped: reason, results: [] };
  }
  say(`Writing ${CUSTOMER_COUNT.toLocaleString('en')} customers into the demo organization…`);
  const started = performance.now();
  const loaded = await loadCustomers(db);
  const loadSeconds = round((performance.now() - started) / 1000, 1);
  say(
    `  ${loaded.customers} customers, ${loaded.addresses} addresses in ${loadSeconds} s ` +
      `(generated ${loaded.generate_s} s, inserted ${loaded.insert_s} s, vacuum ${loaded.vacuum_s} s)`,
  );
  const measured = await listScenarios(ctx, {
    path: '/api/v1/customers',
    queries: CUSTOMER_QUERIES,
    goal: CUSTOMERS_GOAL,
  });
  return {
    results: measured.results,
    report: {
      data: { ...loaded, load_s: loadSeconds },
      totals: measured.totals,
      server_time_alone: measured.serverTime,
      goal: measured.goal,
    },
  };
}
