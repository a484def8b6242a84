// Quote scenarios of `npm run bench` (issue 6), run by bench/run.mjs against its throwaway app:
//   POST /api/v1/quotes as the demo owner, whose organization has all six carriers enabled, so
//   every request asks the six sandbox carriers at once, rates them and stores the quote.
//   Server time: the same app built inside this process on the same database, one request at a
//   time through `inject()`, recording Fastify's `reply.elapsedTime` (arrival to answer sent:
//   sign-in check, validation, the enabled-carriers read, six quotes, the insert, serialization).
//   Load: autocannon on the real app over loopback.
import { api } from './api-modules.mjs';
import { percentile } from './address-book.mjs';

export const QUOTES_GOAL = { maxP95ServerTimeMs: 10 };

const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

// Mexico City to destinations all over the country (zones 2–7, inside and outside the urban
// carrier's areas), with one to three parcels; the first is the one the load run repeats.
const ORIGIN = '06700';
const DESTINATIONS = ['64000', '50000', '44100', '76000', '97000', '22000', '29000', '83000'];
const PARCEL_SETS = [
  [{ length: 20, width: 15, height: 10, weight: 1 }],
  [
    { length: 30, width: 20, height: 15, weight: 3 },
    { length: 10, width: 10, height: 5, weight: 0.5 },
  ],
  [
    { length: 40, width: 30, height: 30, weight: 10 },
    { unit: 'in_lb', length: 12, width: 10, height: 8, weight: 6 },
    { length: 25, width: 20, height: 10, weight: 2.25 },
  ],
];
export const QUOTE_BODIES = DESTINATIONS.flatMap((destination) =>
  PARCEL_SETS.map((parcels) => ({ origin_zip: ORIGIN, destination_zip: destination, parcels })),
);

/** The app built in this process on the bench database, timing each request it answers. */
async function inProcessApp(db, jwtSecret) {
  const { buildApp } = await api('app.ts');
  const { parseConfig } = await api('config.ts');
  const { systemClock } = await api('platform/clock.ts');
  const config = {
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
  const post = async (body, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      headers,
      payload: body,
    });
    if (response.statusCode !== 201) {
      throw new Error(`POST /api/v1/quotes answered ${response.statusCode}: ${response.body}`);
    }
    return response.json().data;
  };
  return {
    post,
    /** Sends the bodies in turn, `count` requests one at a time; answers the server times (ms). */
    async time(bodies, headers, count) {
      times = [];
      for (let i = 0; i < count; i += 1) await post(bodies[i % bodies.length], headers);
      const measured = times;
      times = null;
      return measured;
    },
    close: () => app.close(),
  };
}

const serverTimeSummary = (times) => ({
  requests: times.length,
  p50_ms: round(percentile(times, 50)),
  p95_ms: round(percentile(times, 95)),
  p99_ms: round(percentile(times, 99)),
  max_ms: round(Math.max(...times)),
  mean_ms: round(times.reduce((sum, time) => sum + time, 0) / times.length),
});

/** `POST /api/v1/quotes`: server time in-process, then load through HTTP. */
export async function quoteScenarios(ctx) {
  const { db, seconds, say, headers, measure, summary, jwtSecret, quick } = ctx;
  const inProcess = await inProcessApp(db, jwtSecret);
  let serverTime;
  let carriers;
  try {
    const first = await inProcess.post(QUOTE_BODIES[0], headers);
    carriers = [...new Set(first.rates.map((rate) => rate.carrier_key))];
    if (carriers.length !== 6) {
      throw new Error(
        `the demo owner's quote answered ${carriers.length} carriers (${carriers.join(', ')}), not 6`,
      );
    }
    const count = quick ? 240 : 1200;
    say(`Server time in-process: ${QUOTE_BODIES.length} quotes in turn, ${count} requests…`);
    await inProcess.time(QUOTE_BODIES, headers, QUOTE_BODIES.length * 4); // warm-up
    serverTime = serverTimeSummary(await inProcess.time(QUOTE_BODIES, headers, count));
  } finally {
    await inProcess.close();
  }

  say(`POST /api/v1/quotes: ${seconds(10)} s, 10 connections, ${QUOTE_BODIES.length} bodies…`);
  const requests = QUOTE_BODIES.map((body) => ({
    method: 'POST',
    path: '/api/v1/quotes',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }));
  const load = summary(
    'POST /api/v1/quotes (6 carriers)',
    await measure({
      method: 'POST',
      path: '/api/v1/quotes',
      headers: { ...headers, 'content-type': 'application/json' },
      body: requests[0].body,
      requests,
      connections: 10,
      duration: seconds(10),
    }),
  );

  const pass =
    serverTime.p95_ms <= QUOTES_GOAL.maxP95ServerTimeMs && load.non_2xx === 0 && load.errors === 0;
  return {
    results: [load],
    report: {
      carriers,
      bodies: QUOTE_BODIES.length,
      server_time: serverTime,
      goal: { ...QUOTES_GOAL, pass },
    },
  };
}
