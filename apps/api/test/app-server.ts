// The real API (`buildApp`) on an existing database, as a process of its own, for tests that
// need several API processes on one database (src/modules/auth/rate-limit.int.test.ts):
//
//   DATABASE_URL=postgres://… DATA_DIR=/tmp/… node --import tsx apps/api/test/app-server.ts
//
// Other settings come from the environment as for `npm start`. No migrations, no demo data.
// Prints "listening <port>" on stdout once it accepts connections on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { systemClock } from '../src/platform/clock';
import { connect } from '../src/platform/db';

const raw = parseConfig({ LOG_LEVEL: 'silent', ...process.env, NODE_ENV: 'test' });
if (!raw.DATABASE_URL) throw new Error('DATABASE_URL is required');
const db = connect(raw.DATABASE_URL, 4);
const app = await buildApp({
  config: {
    ...raw,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    APP_URL: 'http://despacho.test',
  },
  db,
  clock: systemClock,
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${(app.server.address() as AddressInfo).port}`);
