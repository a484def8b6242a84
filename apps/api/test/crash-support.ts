/**
 * A power cut through the real product, for the crash tests (issues 11 and 15): the app started
 * as `npm start` runs it (the API with its embedded PostgreSQL) in a DATA_DIR of the test's own,
 * a burst of requests over HTTP, the whole process group SIGKILLed after a number of answers,
 * and the app started again on the same data.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startThrowawayApp, waitForHealth } from '../../../scripts/lib/throwaway-app.mjs';
import { connect, type Db } from '../src/platform/db';
import { embeddedDatabaseUrl, freePort } from '../src/platform/embedded-postgres';
import { testConfig } from './test-app';
import type { TestUser } from './users';

type App = ReturnType<typeof startThrowawayApp>;

export interface HttpAnswer<T> {
  status: number;
  body: T;
}

/** A call to `/api/v1{url}` as the user, with an Idempotency-Key when given. */
export async function callJson<T>(
  method: 'POST' | 'PUT',
  base: string,
  user: TestUser,
  url: string,
  body: object,
  key?: string,
): Promise<HttpAnswer<T>> {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...user.headers(),
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export const postAs = <T>(base: string, user: TestUser, url: string, body: object, key?: string) =>
  callJson<T>('POST', base, user, url, body, key);

/** Where a test is, with the time taken: what a failure or a slow run first needs. */
export function phaseLogger(name: string) {
  const started = Date.now();
  return (step: string) => console.info(`${name} +${Date.now() - started} ms: ${step}`);
}

/** One app across its power cuts: the same ports and DATA_DIR every start. */
export class PowerCut {
  private app: App | undefined;
  private database: Db | undefined;

  private constructor(
    private readonly dataDir: string,
    private readonly port: number,
    private readonly pgPort: number,
  ) {}

  static async create(name: string): Promise<PowerCut> {
    const dataDir = mkdtempSync(path.join(tmpdir(), `despacho-${name}-`));
    // As root, embedded PostgreSQL runs as the `postgres` user, which must reach DATA_DIR/pg.
    chmodSync(dataDir, 0o755);
    return new PowerCut(dataDir, await freePort(), await freePort());
  }

  get url(): string {
    if (!this.app) throw new Error('the app is not running');
    return this.app.url;
  }

  /** The test's own connection to the app's database (none while a burst may kill it). */
  get db(): Db {
    if (!this.database) throw new Error('no database connection');
    return this.database;
  }

  /**
   * `npm start`'s API entry, healthy, with recovery jobs polled often; then connects. `env` adds
   * to its environment for this start (a slow sandbox carrier, say).
   */
  async start(env: Record<string, string> = {}): Promise<void> {
    const started = startThrowawayApp({
      port: this.port,
      name: 'crash',
      dataDir: this.dataDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        EMBEDDED_PG_PORT: String(this.pgPort),
        JWT_SECRET: testConfig().JWT_SECRET,
        LOG_LEVEL: 'fatal',
        WEB_DIST: '',
        AUTH_RATE_LIMIT: '1000',
        JOBS_POLL_MS: '200',
        JOBS_SWEEP_MS: '300',
        CARD_RECONCILE_AFTER_SECONDS: '1',
        ...env,
      },
    });
    this.app = started;
    await waitForHealth(started, 90_000);
    this.database = connect(embeddedDatabaseUrl(this.pgPort, 'despacho'), 4);
  }

  async rows<T>(query: string, values: unknown[] = []): Promise<T[]> {
    return (await this.db.$client.query(query, values)).rows as T[];
  }

  /** Waits until `done` answers true (recovery is the app's own, on its jobs runner). */
  async eventually(done: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`not within ${timeoutMs} ms: ${what}`);
  }

  /**
   * Sends every request at once and kills the whole process tree on the `killAfter`-th 2xx
   * answer. Answers each request's 2xx answer (acknowledged) or why it had none. Fewer 2xx
   * answers than `killAfter` kill the app once the burst is over, so the caller's checks fail
   * instead of hanging.
   */
  async burstUntilKilled<R, T>(
    requests: R[],
    send: (base: string, request: R) => Promise<HttpAnswer<T>>,
    killAfter: number,
  ) {
    const app = this.app!;
    // The test's pool must not meet the dying server (an idle client's error would be unhandled).
    await this.database?.$client.end();
    this.database = undefined;
    const acknowledged = new Map<R, HttpAnswer<T>>();
    const unanswered: string[] = [];
    await Promise.all(
      requests.map(async (request) => {
        try {
          const answer = await send(app.url, request);
          if (answer.status < 200 || answer.status > 299) {
            unanswered.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
            return;
          }
          acknowledged.set(request, answer);
          if (acknowledged.size === killAfter) void app.kill();
        } catch (error) {
          unanswered.push(String(error));
        }
      }),
    );
    await app.kill();
    await app.exited;
    this.app = undefined;
    return { acknowledged, unanswered };
  }

  /** The power cut, now: the test's pool first (it must not meet the dying server), then the group. */
  async kill(): Promise<void> {
    await this.database?.$client.end();
    this.database = undefined;
    const app = this.app!;
    await app.kill();
    await app.exited;
    this.app = undefined;
  }

  /** For afterAll: stops whatever runs and removes the data. */
  async close() {
    await this.database?.$client.end();
    if (this.app) {
      await this.app.kill();
      await this.app.exited;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
