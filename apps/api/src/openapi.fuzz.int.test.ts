import { ERRORS, errorMessage, type ErrorCode, type Language } from '@despacho/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, variantsOf } from '../test/fuzz';
import { loadOperations, routeUrl, type Operation } from '../test/openapi';
import { createTestApp } from '../test/test-app';
import { createTestMerchant, createTestUser, signIn, type TestUser } from '../test/users';

/**
 * Every operation of the OpenAPI document, sent malformed variants drawn from its own schema,
 * as a merchant owner and as staff: no answer is a 5xx, every 4xx is our envelope with the
 * message of its code in the language asked for, and the app stays healthy. The variants are
 * sampled by a seeded generator; the seed is printed, and `FUZZ_SEED=<seed>` replays a run.
 * `npm test` uses a fixed seed, so a run that lands is the run that was tested;
 * `FUZZ_SEED=random` draws a new one to explore further.
 */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 32)
    : Number(process.env.FUZZ_SEED ?? 20_261_126);
/** Variants per operation and caller: enough to touch every kind, small enough for 2 cores. */
const PER_OPERATION = Number(process.env.FUZZ_VARIANTS ?? 14);

describe(`OpenAPI fuzz (FUZZ_SEED=${SEED})`, () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];
  let owner: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    console.info(`OpenAPI fuzz: FUZZ_SEED=${SEED} reproduces this run`);
    ctx = await createTestApp();
    operations = await loadOperations(ctx.app);
    owner = (await createTestMerchant(ctx)).user;
    staff = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  /** What is wrong with an answer, or null: the envelope, its code's status and message. */
  function problemOf(response: LightMyRequestResponse, language: Language): string | null {
    if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 300)}`;
    if (response.statusCode < 400) return null;
    let error: { code?: string; message?: string; details?: Record<string, unknown> } | undefined;
    try {
      error = (response.json() as { error?: typeof error }).error;
    } catch {
      return `${response.statusCode} without a JSON body: ${response.body.slice(0, 100)}`;
    }
    if (!error?.code || !Object.hasOwn(ERRORS, error.code)) {
      return `${response.statusCode} without our envelope: ${response.body.slice(0, 200)}`;
    }
    const code = error.code as ErrorCode;
    if (ERRORS[code].status !== response.statusCode) {
      return `${response.statusCode} with ${code}, which maps to ${ERRORS[code].status}`;
    }
    const expected = errorMessage(code, language, error.details);
    if (error.message !== expected) return `${code} in the wrong language: ${error.message}`;
    return null;
  }

  it('covers every route the app declares', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${routeUrl(op)}`));
    const undocumented = ctx.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('answers every malformed variant of every operation with a clean 4xx', async () => {
    const random = seededRandom(SEED);
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    for (const operation of operations) {
      const variants = variantsOf(operation, random);
      for (const user of [owner, staff]) {
        // A fresh sign-in per operation: a variant that logs out must not blind the next ones.
        const caller = await signIn(ctx, user);
        for (const variant of random.sample(variants, PER_OPERATION)) {
          const language = random.pick(['es', 'en'] as const);
          const idempotencyKey = random.pick([null, `fuzz-${random.next()}`, 'x'.repeat(300)]);
          const response = await ctx.app.inject({
            method: operation.method,
            url: variant.url,
            headers: caller.headers({
              'x-language': language,
              ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
              ...variant.headers,
            }),
            ...(variant.payload === undefined ? {} : { payload: variant.payload }),
          });
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          const problem = problemOf(response, language);
          const who = user.isStaff ? 'staff' : 'owner';
          if (problem) {
            problems.push(
              `${operation.method} ${operation.path} [${variant.name}] as ${who}: ${problem}`,
            );
          }
        }
      }
      const health = await ctx.app.inject('/api/v1/health');
      if (health.statusCode !== 200) {
        problems.push(`unhealthy after ${operation.method} ${operation.path}: ${health.body}`);
      }
    }
    console.info(`OpenAPI fuzz: ${operations.length} operations, answers by status`, statuses);
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 120_000);
});
