// Products scenarios of `npm run bench` (issue 14), run by bench/run.mjs against its throwaway
// app: 100,000 products with 300,000 variants in the demo organization, written straight into
// the database, then `GET /api/v1/products` at 20 connections: the first page, a SKU lookup, a
// name search, and lists filtered by status and tag and by collection.
import { randomUUID } from 'node:crypto';
import { api } from './api-modules.mjs';
import { insertRows, listScenarios, modulePresent, random, round } from './address-book.mjs';

export const PRODUCTS_GOAL = { connections: 20, maxP99Ms: 100 };
export const PRODUCT_COUNT = 100_000;

// What the catalogue sells: name, SKU prefix, SAT keys (c_ClaveProdServCP, c_ClaveUnidad), its
// option when it has one, price range in pesos, weight (kg) and box (cm), and the 10-digit tariff
// code of the electronics.
const TALLAS = { name: 'Talla', values: ['CH', 'M', 'G', 'EG', 'EEG'] };
const TALLAS_CALZADO = { name: 'Talla', values: ['24', '25', '26', '27', '28'] };
const COLORES = { name: 'Color', values: ['Negro', 'Blanco', 'Azul marino', 'Rojo', 'Gris'] };
// prettier-ignore
const KINDS = [
  { name: 'Playera', code: 'PLY', sat: '53101602', unit: 'H87', option: TALLAS, price: [149, 499], weight: 0.2, box: [30, 25, 3], tariff: '6109100301' },
  { name: 'Sudadera', code: 'SUD', sat: '53101702', unit: 'H87', option: TALLAS, price: [399, 1299], weight: 0.6, box: [35, 30, 8], tariff: '6110200503' },
  { name: 'Chamarra', code: 'CHA', sat: '53101802', unit: 'H87', option: TALLAS, price: [799, 2499], weight: 0.9, box: [40, 35, 10] },
  { name: 'Pantalón', code: 'PAN', sat: '53101500', unit: 'H87', option: TALLAS, price: [349, 999], weight: 0.5, box: [35, 30, 5] },
  { name: 'Calcetines', code: 'CAL', sat: '53102402', unit: 'PR', option: TALLAS, price: [59, 189], weight: 0.08, box: [20, 12, 3] },
  { name: 'Gorra', code: 'GOR', sat: '53102516', unit: 'H87', option: COLORES, price: [199, 599], weight: 0.15, box: [25, 20, 12] },
  { name: 'Tenis', code: 'TEN', sat: '53111600', unit: 'PR', option: TALLAS_CALZADO, price: [699, 2899], weight: 1.1, box: [34, 22, 13], tariff: '6402199903' },
  { name: 'Sandalias', code: 'SAN', sat: '53111800', unit: 'PR', option: TALLAS_CALZADO, price: [199, 799], weight: 0.5, box: [30, 18, 10] },
  { name: 'Audífonos', code: 'AUD', sat: '52161514', unit: 'H87', option: COLORES, price: [249, 3499], weight: 0.3, box: [20, 18, 8] },
  { name: 'Bocina', code: 'BOC', sat: '52161512', unit: 'H87', option: COLORES, price: [399, 4999], weight: 0.8, box: [22, 15, 15], tariff: '8518220202' },
  { name: 'Cargador', code: 'CAR', sat: '26111704', unit: 'H87', option: COLORES, price: [199, 899], weight: 0.15, box: [12, 8, 5], tariff: '8504401700' },
  { name: 'Cable USB-C', code: 'CAB', sat: '43202222', unit: 'H87', option: COLORES, price: [89, 399], weight: 0.06, box: [15, 10, 3], tariff: '8544429999' },
  { name: 'Teclado', code: 'TEC', sat: '43211706', unit: 'H87', option: COLORES, price: [349, 2999], weight: 0.9, box: [48, 18, 5], tariff: '8471600499' },
  { name: 'Mouse', code: 'MOU', sat: '43211708', unit: 'H87', option: COLORES, price: [149, 1599], weight: 0.15, box: [15, 10, 6], tariff: '8471600499' },
  { name: 'Taza', code: 'TAZ', sat: '52152101', unit: 'H87', option: COLORES, price: [99, 349], weight: 0.4, box: [14, 12, 12] },
  { name: 'Vaso térmico', code: 'VAS', sat: '52152102', unit: 'H87', option: COLORES, price: [249, 899], weight: 0.45, box: [26, 10, 10] },
  { name: 'Lámpara LED', code: 'LAM', sat: '39112102', unit: 'H87', option: COLORES, price: [299, 1899], weight: 1.2, box: [45, 20, 20] },
  { name: 'Mochila', code: 'MOC', sat: '53121603', unit: 'H87', option: COLORES, price: [399, 1999], weight: 0.8, box: [45, 32, 15] },
];
// prettier-ignore
const STYLES = [
  'Básica', 'Clásica', 'Deportiva', 'Premium', 'Edición Especial', 'Para Niño', 'Para Dama',
  'Unisex', 'Slim', 'Oversize', 'Ecológica', 'Pro',
];
// Lines named after places: 150 of them, so one (e.g. "Mazatlán") is in about 0.7% of the names.
// prettier-ignore
const LINES = [
  'Acapulco', 'Aguascalientes', 'Ajijic', 'Álamos', 'Apizaco', 'Atlixco', 'Bacalar', 'Batopilas',
  'Cabo', 'Campeche', 'Cancún', 'Catemaco', 'Celaya', 'Chapala', 'Chetumal', 'Chiapas',
  'Cholula', 'Coahuila', 'Colima', 'Comala', 'Comitán', 'Córdoba', 'Cozumel', 'Creel',
  'Cuatro Ciénegas', 'Cuernavaca', 'Cuetzalan', 'Culiacán', 'Durango', 'Ensenada', 'Hermosillo',
  'Holbox', 'Huasca', 'Huatulco', 'Iguala', 'Irapuato', 'Isla Mujeres', 'Ixtapa', 'Izamal',
  'Jalapa', 'Jerez', 'Juchitán', 'La Paz', 'Lagos', 'León', 'Linares', 'Loreto', 'Los Mochis',
  'Malinalco', 'Manzanillo', 'Mazatlán', 'Mazunte', 'Mérida', 'Metepec', 'Mexicali', 'Mineral',
  'Mitla', 'Monclova', 'Morelia', 'Mulegé', 'Navojoa', 'Nogales', 'Oaxaca', 'Orizaba',
  'Pachuca', 'Palenque', 'Papantla', 'Parral', 'Pátzcuaro', 'Peña de Bernal', 'Perote',
  'Progreso', 'Puebla', 'Puerto Escondido', 'Puerto Morelos', 'Querétaro', 'Real de Catorce',
  'Reynosa', 'Río Lagartos', 'Rosarito', 'Sabinas', 'Sahuayo', 'Salamanca', 'Saltillo',
  'San Blas', 'San Cristóbal', 'San Miguel', 'Santa Rosalía', 'Sayulita', 'Sisal', 'Sombrerete',
  'Tampico', 'Tapachula', 'Tapalpa', 'Taxco', 'Tecate', 'Tehuacán', 'Tepic', 'Tepoztlán',
  'Tequila', 'Tequisquiapan', 'Texcoco', 'Tijuana', 'Tlacotalpan', 'Tlaquepaque', 'Tlaxcala',
  'Todos Santos', 'Toluca', 'Tonalá', 'Torreón', 'Tula', 'Tulum', 'Tuxpan', 'Tuxtla', 'Uruapan',
  'Valladolid', 'Valle de Bravo', 'Veracruz', 'Xalapa', 'Xilitla', 'Xochimilco', 'Yautepec',
  'Yuriria', 'Zacatlán', 'Zacatecas', 'Zamora', 'Zihuatanejo', 'Zinacantán', 'Zitácuaro',
  'Zapopan', 'Zimapán', 'Bahía', 'Cenote', 'Sierra', 'Nevado', 'Pedregal', 'Coyoacán', 'Roma',
  'Condesa', 'Polanco', 'Tlalpan', 'Chapultepec', 'Anáhuac', 'Cumbres', 'Mitras', 'Obispado',
  'Providencia', 'Chapalita', 'Andares',
];
// prettier-ignore
const TAGS = [
  'algodón', 'invierno', 'verano', 'oferta', 'nuevo', 'importado', 'hecho en méxico', 'unisex',
  'niños', 'deportivo', 'ecológico', 'regalo', 'premium', 'liquidación', 'básicos',
  'edición limitada', 'bluetooth', 'usb-c', 'inalámbrico', 'cocina', 'oficina', 'escolar',
  'viaje', 'mascotas', 'temporada',
];
/** The bench's collections and how many products each holds (the demo's names are others). */
const COLLECTIONS = [
  ['Buen Fin 2026', 5000],
  ['Regreso a clases', 3000],
  ['Liquidación de verano', 2000],
  ['Hecho en México', 1000],
  ['Novedades de primavera', 500],
];

/** An EAN-13 with a Mexican GS1 prefix (750) and its check digit. */
function ean13(serial) {
  const body = `750${String(serial).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A price in centavos within the range in pesos, ending in .90 as shops price. */
const centavos = (next, [low, high]) => Math.round(low + next() * (high - low)) * 100 - 10;

/**
 * 100,000 products of the demo organization, 30% with no options (one variant), 40% with three
 * variants and 30% with five (300,000 in all), in five collections, written straight into the
 * database in one transaction; `search_text` and the handles are built by the service's own
 * `productSearchText` and `handleFor`. Answers the counts and a sample to look up.
 */
export async function loadProducts(db, count = PRODUCT_COUNT) {
  const { productSearchText, handleFor } = await api('modules/products/products.search.ts');
  const client = db.$client;
  const {
    rows: [organization],
  } = await client.query(`select id from organizations where company = 'Comercio Demo'`);
  if (!organization) throw new Error('the demo organization "Comercio Demo" is missing');
  const organizationId = organization.id;
  const { rows: vendorRows } = await client.query(
    'select id from vendors where organization_id = $1',
    [organizationId],
  );
  // Handles the demo already uses: a new one takes "-2", "-3"… as the service does.
  const { rows: taken } = await client.query(
    'select handle from products where organization_id = $1',
    [organizationId],
  );
  const handles = new Set(taken.map((row) => row.handle));
  const uniqueHandle = (name) => {
    const base = handleFor(name);
    let handle = base;
    for (let n = 2; handles.has(handle); n += 1) handle = `${base}-${n}`;
    handles.add(handle);
    return handle;
  };

  const timer = performance.now();
  const next = random(20261126);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const now = Date.now();
  const products = [];
  const variants = [];
  for (let i = 0; i < count; i += 1) {
    const kind = pick(KINDS);
    const name = `${kind.name} ${pick(STYLES)} ${pick(LINES)}`;
    const handle = uniqueHandle(name);
    const tags = [...new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(TAGS)))];
    const roll = next();
    const status = roll < 0.7 ? 'ACTIVE' : roll < 0.95 ? 'DRAFT' : 'ARCHIVED';
    const classified = kind.tariff && next() < 0.6;
    const createdAt = new Date(now - Math.floor(next() * 730 * 86_400_000));
    const updatedAt = new Date(createdAt.getTime() + Math.floor(next() * (now - createdAt)));
    // 3 in 10 without options, 4 with three values of the kind's option, 3 with five.
    const shape = i % 10;
    const values = shape < 3 ? [] : kind.option.values.slice(0, shape < 7 ? 3 : 5);
    const options = values.length ? [{ name: kind.option.name, values }] : [];
    const id = randomUUID();
    const serial = String(i + 1).padStart(6, '0');
    const price = centavos(next, kind.price);
    const productVariants = (values.length ? values : [null]).map((value, position) => {
      const suffix = value ? `-${value.replace(/\s+/g, '').slice(0, 3).toUpperCase()}` : '';
      return {
        organization_id: organizationId,
        id: randomUUID(),
        product_id: id,
        position,
        option_values: value ? [value] : [],
        sku: `${kind.code}-${serial}${suffix}`,
        barcode: ean13(variants.length + position + 1),
        price_centavos: price,
        cost_centavos: Math.round(price * 0.55),
        created_at: createdAt,
        updated_at: updatedAt,
      };
    });
    variants.push(...productVariants);
    products.push({
      organization_id: organizationId,
      id,
      handle,
      name,
      description: `<p>${name}: calidad garantizada.</p>`,
      status,
      tariff_status: classified ? 'CLASSIFIED' : 'UNCLASSIFIED',
      vendor_id: next() < 0.6 && vendorRows.length ? pick(vendorRows).id : null,
      tags,
      compare_at_centavos: next() < 0.2 ? Math.round(price * 1.25) : null,
      unit: 'cm_kg',
      weight: kind.weight,
      length: kind.box[0],
      width: kind.box[1],
      height: kind.box[2],
      sat_unit_code: kind.unit,
      sat_product_code: kind.sat,
      origin_country: kind.tariff ? 'CHN' : 'MEX',
      tariff_fraction: classified ? kind.tariff.slice(0, 8) : null,
      tariff_nico: classified ? kind.tariff.slice(8) : null,
      options: JSON.stringify(options),
      search_text: productSearchText({ name, handle, tags, variants: productVariants }),
      created_at: createdAt,
      updated_at: updatedAt,
    });
  }
  const collections = COLLECTIONS.map(([name]) => ({
    organization_id: organizationId,
    id: randomUUID(),
    name,
    created_at: new Date(now),
    updated_at: new Date(now),
  }));
  const memberships = COLLECTIONS.flatMap(([, size], c) => {
    // Every product at most once per collection: a stride through the catalogue from a start.
    const step = Math.floor(count / size);
    return Array.from({ length: size }, (_, k) => ({
      organization_id: organizationId,
      collection_id: collections[c].id,
      product_id: products[(c + k * step) % count].id,
      added_at: new Date(now),
    }));
  });

  const generated = performance.now();
  // One connection of the pool for the whole transaction.
  const connection = await client.connect();
  await connection.query('begin');
  try {
    await insertRows(
      connection,
      'products',
      [
        ['organization_id', 'uuid'],
        ['id', 'uuid'],
        ['handle', 'text'],
        ['name', 'text'],
        ['description', 'text'],
        ['status', 'text'],
        ['tariff_status', 'text'],
        ['vendor_id', 'uuid'],
        ['tags', 'text[]'],
        ['compare_at_centavos', 'bigint'],
        ['unit', 'text'],
        ['weight', 'numeric'],
        ['length', 'numeric'],
        ['width', 'numeric'],
        ['height', 'numeric'],
        ['sat_unit_code', 'text'],
        ['sat_product_code', 'text'],
        ['origin_country', 'text'],
        ['tariff_fraction', 'text'],
        ['tariff_nico', 'text'],
        ['options', 'jsonb'],
        ['search_text', 'text'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      products,
    );
    await insertRows(
      connection,
      'product_variants',
      [
        ['organization_id', 'uuid'],
        ['id', 'uuid'],
        ['product_id', 'uuid'],
        ['position', 'int'],
        ['option_values', 'text[]'],
        ['sku', 'text'],
        ['barcode', 'text'],
        ['price_centavos', 'bigint'],
        ['cost_centavos', 'bigint'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      variants,
    );
    await insertRows(
      connection,
      'collections',
      [
        ['organization_id', 'uuid'],
        ['id', 'uuid'],
        ['name', 'text'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      collections,
    );
    await insertRows(
      connection,
      'collection_products',
      [
        ['organization_id', 'uuid'],
        ['collection_id', 'uuid'],
        ['product_id', 'uuid'],
        ['added_at', 'timestamptz'],
      ],
      memberships,
    );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  } finally {
    connection.release();
  }
  const inserted = performance.now();
  // What autovacuum does soon after a bulk load: statistics and the visibility map.
  await client.query(
    'vacuum (analyze) products, product_variants, collections, collection_products',
  );
  const seconds = (from, to) => round((to - from) / 1000, 1);
  // The lookups measured: a variant halfway through the catalogue, the largest collection.
  const middle = variants[Math.floor(variants.length / 2)];
  return {
    products: products.length,
    variants: variants.length,
    collections: collections.length,
    memberships: memberships.length,
    active: products.filter((product) => product.status === 'ACTIVE').length,
    generate_s: seconds(timer, generated),
    insert_s: seconds(generated, inserted),
    vacuum_s: seconds(inserted, performance.now()),
    sample: { sku: middle.sku, barcode: middle.barcode, collection: collections[0] },
  };
}

/** The list queries measured, each at `PRODUCTS_GOAL.connections` connections. */
export const productQueries = (sample) => [
  ['first page', ''],
  [`SKU "${sample.sku}"`, `search=${encodeURIComponent(sample.sku)}`],
  ['name search "mazatlan"', 'search=mazatlan'],
  ['status ACTIVE + tag "invierno"', `status=ACTIVE&tag=${encodeURIComponent('invierno')}`],
  [`collection "${sample.collection.name}"`, `collection_id=${sample.collection.id}`],
];

export async function productScenarios(ctx) {
  const { db, say } = ctx;
  if (!modulePresent('products')) {
    const reason = 'skipped: the products module (apps/api/src/modules/products) is missing';
    say(`GET /api/v1/products: ${reason}`);
    return { skipped: reason, results: [] };
  }
  say(`Writing ${PRODUCT_COUNT.toLocaleString('en')} products into the demo organization…`);
  const started = performance.now();
  const loaded = await loadProducts(db);
  const loadSeconds = round((performance.now() - started) / 1000, 1);
  say(
    `  ${loaded.products} products, ${loaded.variants} variants, ${loaded.memberships} in ` +
      `${loaded.collections} collections in ${loadSeconds} s (generated ${loaded.generate_s} s, ` +
      `inserted ${loaded.insert_s} s, vacuum ${loaded.vacuum_s} s)`,
  );
  const measured = await listScenarios(ctx, {
    path: '/api/v1/products',
    queries: productQueries(loaded.sample),
    goal: PRODUCTS_GOAL,
  });
  const { sample: _sample, ...data } = loaded;
  return {
    results: measured.results,
    report: {
      data: { ...data, load_s: loadSeconds },
      totals: measured.totals,
      server_time_alone: measured.serverTime,
      goal: measured.goal,
    },
  };
}
