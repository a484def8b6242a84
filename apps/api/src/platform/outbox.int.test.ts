import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { Jobs } from './jobs';
import type { MailMessage } from './mail';
import { Outbox, type OutboxMessage, type OutboxOptions } from './outbox';
import { outboxMessages } from './outbox.tables';

let db: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.$client.end());
const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
// Each outbox delivers through a job runner of its own.
const runners: Jobs[] = [];
afterEach(async () => {
  // One after the other: each hands pg-boss's clock function back as it stops.
  for (const runner of runners.splice(0)) await runner.stop();
});

function outboxWith(options: Partial<OutboxOptions>) {
  const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
  const jobs = new Jobs({ db, clock });
  runners.push(jobs);
  const outbox = new Outbox(db, {
    mail: null,
    sms: null,
    log: log as unknown as FastifyBaseLogger,
    logContents: false,
    jobs,
    clock,
    ...options,
  });
  return { outbox, log, jobs };
}

const mail = {
  channel: 'email',
  recipient: 'ana@example.mx',
  subject: 'Hola',
  body: 'Tu enlace',
} as const;

async function statusOf(id: string) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
}

/** Queues one message in a transaction that commits, and runs its delivery job. */
async function queueOne({ outbox, jobs }: { outbox: Outbox; jobs: Jobs }, message: OutboxMessage) {
  await outbox.transaction((_tx, queue) => queue(message));
  expect((await outbox.recent(message.recipient))[0]!.status).toBe('queued');
  await jobs.runDue();
  return (await outbox.recent(message.recipient))[0]!;
}

describe('Outbox', () => {
  it('sends through the adapter after commit and marks the message sent', async () => {
    const sent: MailMessage[] = [];
    const outbox = outboxWith({ mail: { send: async (message) => void sent.push(message) } });
    const row = await queueOne(outbox, { ...mail, recipient: 'sent@example.mx' });
    expect(sent).toEqual([{ to: 'sent@example.mx', subject: 'Hola', text: 'Tu enlace' }]);
    expect(await statusOf(row.id)).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
  });

  it('keeps the message without a provider, logging no contents unless told to', async () => {
    const quiet = outboxWith({});
    const row = await queueOne(quiet, {
      channel: 'sms',
      recipient: '+525500000000',
      body: 'Tu código de Despacho es 123456.',
    });
    expect((await statusOf(row.id)).status).toBe('kept');
    expect(JSON.stringify(quiet.log.info.mock.calls)).not.toContain('123456');

    const chatty = outboxWith({ logContents: true });
    await queueOne(chatty, {
      channel: 'sms',
      recipient: '+525500000001',
      body: 'código 654321',
    });
    expect(JSON.stringify(chatty.log.info.mock.calls)).toContain('654321');
  });

  it('retries a failed delivery with backoff, then marks it failed for good', async () => {
    let failuresLeft = 1;
    const flaky = outboxWith({
      mail: {
        send: async () => {
          if (failuresLeft-- > 0) throw new Error('smtp busy');
        },
      },
    });
    const retried = await queueOne(flaky, { ...mail, recipient: 'retried@example.mx' });
    // Still queued: its job waits for the retry.
    expect(retried.status).toBe('queued');
    clock.advance(60 * 60_000);
    await flaky.jobs.runDue();
    expect((await statusOf(retried.id)).status).toBe('sent');

    const down = outboxWith({ mail: { send: () => Promise.reject(new Error('smtp down')) } });
    const row = await queueOne(down, { ...mail, recipient: 'failed@example.mx' });
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await statusOf(row.id)).status).toBe('queued');
      clock.advance(2 * 60 * 60_000);
      await down.jobs.runDue();
    }
    expect(await statusOf(row.id)).toMatchObject({ status: 'failed', lastError: 'smtp down' });
    expect(down.log.error).toHaveBeenCalled();
  });

  it('writes nothing when the transaction rolls back', async () => {
    const { outbox, jobs } = outboxWith({});
    await expect(
      outbox.transaction(async (_tx, queue) => {
        await queue({ ...mail, recipient: 'rollback@example.mx' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await jobs.runDue()).toEqual({ ran: 0, failed: 0 });
    expect(await outbox.recent('rollback@example.mx')).toEqual([]);
  });
});
