import { sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestOrganization } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';

const SERVER = fileURLToPath(new URL('../../../test/ledger-burst-server.ts', import.meta.url));
/** Marks the child's connections, so the test can wait for the last of them to end. */
const APPLICATION = 'ledger-burst';
const OPERATIONS = 300;
/** The child dies right after this many 2xx answers: well inside the burst. */
const KILL_AFTER = 100;
const OPENING = 10_000_000;
const WALLETS = 10;

interface Operation {
  op: 'credit' | 'debit';
  organizationId: string;
  key: string;
  amount: number;
}

interface Answer {
  transactionId: string;
  replayed: boolean;
}

/** Starts the burst server on the database; resolves with it once it says it is listening. */
async function startServer(databaseUrl: string) {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', APPLICATION);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: path.dirname(SERVER),
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const listening = new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(([code, signal]) =>
      reject(new Error(`the burst server exited before listening (${code ?? signal})`)),
    );
  });
  return { child, exited, base: `http://127.0.0.1:${await listening}` };
}

function send(base: string, operation: Operation) {
  const { op, ...body } = operation;
  return fetch(`${base}/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Issue 5: a crash in the middle of a burst loses nothing acknowledged and half-writes nothing. */
describe('ledger across a crash of the API', () => {
  let db: Db;
  let databaseUrl: string;
  let child: ChildProcess | undefined;
  const operations: Operation[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    databaseUrl = db.$client.options.connectionString!;
    const ledger = new LedgerService({ db, clock: new ManualClock() });
    const organizations = [];
    // Several wallets, so movements commit side by side rather than one after another on a
    // single row lock: the kill then lands while some have committed and are not yet answered.
    for (let number = 1; number <= WALLETS; number++) {
      const { id } = await createTestOrganization(
        { db, clock: new ManualClock() },
        `Ráfaga ${number}`,
      );
      // Enough that no debit of the burst can be refused: every answer is a committed movement.
      await ledger.credit({
        organizationId: id,
        idempotencyKey: 'opening',
        kind: 'deposit',
        amount: OPENING,
        from: 'bank_clearing',
      });
      organizations.push(id);
    }
    for (let index = 0; index < OPERATIONS; index++) {
      operations.push({
        op: index % 2 === 0 ? 'credit' : 'debit',
        organizationId: organizations[index % WALLETS]!,
        key: `burst-${index}`,
        amount: 100 + index,
      });
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db.$client.end();
  });

  /** Idempotency keys stored now, with their transaction ids. */
  async function committed(): Promise<Map<string, string>> {
    const result = await db.execute<{ key: string; id: string }>(sql`
      select idempotency_key as key, id from ledger_transactions
      where idempotency_key like 'burst-%'`);
    return new Map(result.rows.map((row) => [row.key, row.id]));
  }

  /** What each wallet must hold if exactly the movements of `keys` happened. */
  function expectedBalances(keys: Set<string>) {
    const balances = new Map<string, number>();
    for (const operation of operations) {
      const before = balances.get(operation.organizationId) ?? OPENING;
      const change = keys.has(operation.key)
        ? operation.op === 'credit'
          ? operation.amount
          : -operation.amount
        : 0;
      balances.set(operation.organizationId, before + change);
    }
    return balances;
  }

  async function walletBalances() {
    const result = await db.execute<{ organization_id: string; balance: number }>(sql`
      select organization_id, balance from ledger_accounts where kind = 'wallet'`);
    return new Map(result.rows.map((row) => [row.organization_id, Number(row.balance)]));
  }

  it('keeps every acknowledged movement, half-writes none, and replays only what committed', async () => {
    const first = await startServer(databaseUrl);
    child = first.child;

    // The burst: every request at once; the child dies on the KILL_AFTER-th acknowledgement.
    const acknowledged = new Map<string, Answer>();
    const outcomes = await Promise.allSettled(
      operations.map(async (operation) => {
        const response = await send(first.base, operation);
        const body = (await response.json()) as Answer;
        if (!response.ok) throw new Error(`${operation.key}: ${response.status}`);
        acknowledged.set(operation.key, body);
        if (acknowledged.size === KILL_AFTER) first.child.kill('SIGKILL');
      }),
    );
    const [, signal] = await first.exited;
    expect(signal).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill really cut the burst: some requests never got an answer.
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(lost.length).toBeGreaterThan(0);
    expect(acknowledged.size + lost.length).toBe(OPERATIONS);

    // The dead client's sessions end on the server (a COMMIT already received still commits);
    // wait until the last of them is gone, so what is stored can no longer change.
    await db.execute(sql`
      select pg_terminate_backend(pid, 10000) from pg_stat_activity
      where application_name = ${APPLICATION}`);
    const remaining = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from pg_stat_activity where application_name = ${APPLICATION}`);
    expect(remaining.rows[0]!.count).toBe(0);

    // Every acknowledged movement is there, under the transaction the answer named.
    const stored = await committed();
    for (const [key, answer] of acknowledged) {
      expect(stored.get(key), key).toBe(answer.transactionId);
      expect(answer.replayed).toBe(false);
    }
    // Nothing half-written: each stored movement has its entries, summing to zero, and the
    // wallets hold exactly the opening deposits plus the movements stored.
    const incomplete = await db.execute(sql`
      select t.id from ledger_transactions t
      left join ledger_entries e on e.transaction_id = t.id
      group by t.id having count(e.id) < 2 or sum(e.amount) <> 0`);
    expect(incomplete.rows).toEqual([]);
    expect(await walletBalances()).toEqual(expectedBalances(new Set(stored.keys())));
    expect(await verifyLedger(db)).toEqual([]);

    // Restart and send the whole burst again: what committed answers its first result without
    // moving money; what did not, moves now, once.
    const second = await startServer(databaseUrl);
    child = second.child;
    const answers = await Promise.all(
      operations.map(async (operation) => {
        const response = await send(second.base, operation);
        expect(response.status, operation.key).toBe(200);
        return { key: operation.key, ...((await response.json()) as Answer) };
      }),
    );
    for (const answer of answers) {
      expect(answer.replayed, answer.key).toBe(stored.has(answer.key));
      if (stored.has(answer.key)) expect(answer.transactionId).toBe(stored.get(answer.key));
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const all = await committed();
    expect(all.size).toBe(OPERATIONS);
    expect(await walletBalances()).toEqual(
      expectedBalances(new Set(operations.map((operation) => operation.key))),
    );
    expect(await verifyLedger(db)).toEqual([]);
    console.info(
      `crash test: ${acknowledged.size} acknowledged, ${stored.size} committed before the kill ` +
        `(${stored.size - acknowledged.size} committed without an answer), ` +
        `${OPERATIONS - stored.size} moved only on the re-send`,
    );
  }, 120_000);
});
