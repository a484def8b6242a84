import { buildApp } from './app';
import { demoAccountsPresent, seedDemo, DEMO_LOGINS } from './db/seed';
import { seedDemoStores } from './db/demo-stores';
import type { Services } from './modules/services';
import { loadDemoPostalCodes, postalCodesBanner } from './modules/catalogs/postal-codes.demo';
import { countPostalCodes } from './modules/catalogs/postal-codes.repository';
import { loadDemoTariffFractions } from './modules/catalogs/tariff-fractions.demo';
import { systemClock } from './platform/clock';
import { openProcess, stopOnSignals } from './process-lifecycle';

/**
 * Outside production: the demo organization and users (once) and the sample postal codes and
 * tariff codes when their catalogues are empty; answers the banner's lines about them. Production gets no demo data
 * at all — its published password would open the platform — and refuses to start on a database
 * that has the demo accounts; its first staff account comes from `npm run staff:create`.
 */
async function prepareData({ config, db, accounts, tariffFractions }: Services): Promise<string[]> {
  if (config.NODE_ENV === 'production') {
    if (await demoAccountsPresent(db)) {
      throw new Error(
        'Esta base de datos tiene las cuentas demo (con la contraseña publicada en el README); ' +
          'producción no arranca con ellas. Usa una base de datos sin datos demo.',
      );
    }
    const staff = await accounts.countStaff();
    return [
      ...postalCodesBanner(await countPostalCodes(db), false),
      staff > 0
        ? ''
        : '  Sin cuentas de staff: crea la primera con npm run staff:create -- --email <correo>',
    ];
  }
  const seeded = await seedDemo(db, systemClock);
  // An empty catalogue gets the demo extract, so address forms work out of the box.
  const demoPostalCodes = await loadDemoPostalCodes(db);
  // And the tariff extract, so the classification console can publish codes.
  const demoTariffCodes = await loadDemoTariffFractions(tariffFractions);
  return [
    seeded ? '  Datos demo creados.' : '',
    `  Buzón de correos y SMS: ${config.APP_URL}/dev/mailbox`,
    ...postalCodesBanner(await countPostalCodes(db), demoPostalCodes !== null),
    demoTariffCodes === null
      ? ''
      : `  Fracciones arancelarias: ${demoTariffCodes} (muestra del SAT, cargada ahora)`,
    '',
    '  Accesos demo:',
    ...DEMO_LOGINS.map(
      (login) => `    ${login.label.padEnd(22)} ${login.email} / ${login.password}`,
    ),
  ];
}

/** Process entry: configuration → database → migrations → app → demo data → listen. */
async function main() {
  const { config, server, db } = await openProcess();
  const app = await buildApp({ config, db, clock: systemClock });
  const dataLines = await prepareData(app.services);
  await app.listen({ host: config.HOST, port: config.PORT });
  // Background jobs (tracking timeline, cancellation refunds, mail); `app.close()` stops them.
  // `WORKER=0` leaves them to a worker process of their own (`npm run worker`).
  if (config.WORKER) app.jobs.start(config.JOBS_POLL_MS);
  // The demo's online stores are sandbox stores called over HTTP: connected once the app listens.
  // DEMO_STORES=0 leaves them out.
  const storeLines = await (
    process.env.DEMO_STORES === '0' ? Promise.resolve(false) : seedDemoStores(app.services)
  ).then(
    (seeded) =>
      seeded
        ? [
            '  Tiendas demo conectadas (sandbox, con pedidos): Shopify, Mercado Libre y WooCommerce.',
          ]
        : [],
    (error: unknown) => {
      app.log.warn({ err: error }, 'demo stores not connected');
      return ['  No se pudieron conectar las tiendas demo (ver el registro).'];
    },
  );

  stopOnSignals(app, db, server);

  const lines = [
    '',
    `  Despacho está listo en ${config.APP_URL}`,
    `  Base de datos: ${server.embedded ? `PostgreSQL embebido en ${config.DATA_DIR}/pg` : 'DATABASE_URL'}`,
    `  API: ${config.APP_URL}/api/v1 · Documentación: ${config.APP_URL}/api/docs`,
    ...dataLines,
    ...storeLines,
    '',
    '  Ctrl-C detiene el servidor y la base de datos.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // Start-up errors are only logged to the console (spec §8).
  console.error(error);
  process.exit(1);
});
