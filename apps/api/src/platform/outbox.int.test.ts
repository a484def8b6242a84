import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Db } from './db';
import type { MailMessage } from './mail';
import { Outbox, type OutboxMessage, type OutboxOptions } from './outbox';
import { outboxMessages } from './outbox.tables';

let db: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.$client.end());

function outboxWith(options: Partial<OutboxOptions>) {
  const log = { info: vi.fn(), error: vi.fn() };
  const outbox = new Outbox(db, {
    mail: null,
    sms: null,
    log: log as unknown as FastifyBaseLogger,
    logContents: false,
    ...options,
  });
  return { outbox, log };
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

/** Queues one message in a transaction that commits, and waits for its delivery. */
async function queueOne(outbox: Outbox, message: OutboxMessage) {
  await outbox.transaction((_tx, queue) => queue(message));
  await outbox.drain();
  return (await outbox.recent(message.recipient))[0]!;
}

describe('Outbox', () => {
  it('sends through the adapter after commit and marks the message sent', async () => {
    const sent: MailMessage[] = [];
    const { outbox } = outboxWith({ mail: { send: async (message) => void sent.push(message) } });
    const row = await queueOne(outbox, { ...mail, recipient: 'sent@example.mx' });
    expect(sent).toEqual([{ to: 'sent@example.mx', subject: 'Hola', text: 'Tu enlace' }]);
    expect(await statusOf(row.id)).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
  });

  it('keeps the message without a provider, logging no contents unless told to', async () => {
    const quiet = outboxWith({});
    const row = await queueOne(quiet.outbox, {
      channel: 'sms',
      recipient: '+525500000000',
      body: 'Tu código de Despacho es 123456.',
    });
    expect((await statusOf(row.id)).status).toBe('kept');
    expect(JSON.stringify(quiet.log.info.mock.calls)).not.toContain('123456');

    const chatty = outboxWith({ logContents: true });
    await queueOne(chatty.outbox, {
      channel: 'sms',
      recipient: '+525500000001',
      body: 'código 654321',
    });
    expect(JSON.stringify(chatty.log.info.mock.calls)).toContain('654321');
  });

  it('marks a failed delivery and logs it', async () => {
    const { outbox, log } = outboxWith({
      mail: { send: () => Promise.reject(new Error('smtp down')) },
    });
    const row = await queueOne(outbox, { ...mail, recipient: 'failed@example.mx' });
    expect(await statusOf(row.id)).toMatchObject({
      status: 'failed',
      lastError: 'Error: smtp down',
    });
    expect(log.error).toHaveBeenCalled();
  });

  it('writes nothing when the transaction rolls back', async () => {
    const { outbox } = outboxWith({});
    await expect(
      outbox.transaction(async (_tx, queue) => {
        await queue({ ...mail, recipient: 'rollback@example.mx' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await outbox.drain();
    expect(await outbox.recent('rollback@example.mx')).toEqual([]);
  });
});
