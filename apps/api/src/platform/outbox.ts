import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from './db';
import type { MailSender } from './mail';
import { outboxMessages } from './outbox.tables';
import type { SmsProvider } from './sms';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export type OutboxMessage =
  | { channel: 'email'; recipient: string; subject: string; body: string }
  | { channel: 'sms'; recipient: string; body: string };

export interface OutboxOptions {
  mail: MailSender | null;
  sms: SmsProvider | null;
  log: FastifyBaseLogger;
  /** Outside production the log shows a kept message whole (codes, links): that is its use. */
  logContents: boolean;
}

/** Adds a message to the transaction under way. */
export type OutboxQueue = (message: OutboxMessage) => Promise<void>;

/**
 * Mail and SMS leave through here: written in the transaction of the change that causes them,
 * delivered after commit by the configured adapter, or kept in the table when there is none.
 */
export class Outbox {
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {}

  /**
   * Runs `work` in a transaction; what it queues is delivered once the transaction commits, and
   * never if it rolls back. Delivery runs in the background: the answer does not wait for SMTP.
   */
  async transaction<T>(work: (tx: DbOrTx, queue: OutboxQueue) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await this.db.transaction((tx) =>
      work(tx, async (message) => {
        const [row] = await tx
          .insert(outboxMessages)
          .values({ ...message, subject: 'subject' in message ? message.subject : null })
          .returning({ id: outboxMessages.id });
        ids.push(row!.id);
      }),
    );
    for (const id of ids) {
      const delivery = this.deliver(id).finally(() => this.deliveries.delete(delivery));
      this.deliveries.add(delivery);
    }
    return result;
  }

  /** Waits for the deliveries under way: on shutdown, before the pool closes. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
  }

  /** The newest messages, optionally to one recipient (for the dev mailbox). */
  recent(recipient?: string, limit = 200): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outboxMessages)
      .where(
        // A `+52…` typed into a URL arrives as ` 52…`: compare without the plus.
        recipient
          ? sql`lower(ltrim(${outboxMessages.recipient}, '+')) = lower(ltrim(${recipient}, '+'))`
          : undefined,
      )
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit);
  }

  private async deliver(id: string): Promise<void> {
    const { log } = this.options;
    try {
      const [message] = await this.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')));
      if (!message) return;
      const sent = await this.send(message);
      await this.db
        .update(outboxMessages)
        .set(sent ? { status: 'sent', sentAt: new Date() } : { status: 'kept' })
        .where(eq(outboxMessages.id, id));
      if (sent) log.info({ outboxId: id, channel: message.channel }, 'message sent');
      else if (this.options.logContents) {
        const { channel, recipient, subject, body } = message;
        log.info({ outboxId: id, channel, recipient, subject, body }, 'message kept in outbox');
      } else {
        log.info({ outboxId: id, channel: message.channel }, 'message kept: no provider');
      }
    } catch (error) {
      log.error({ err: error, outboxId: id }, 'message delivery failed');
      await this.db
        .update(outboxMessages)
        .set({ status: 'failed', lastError: String(error).slice(0, 500) })
        .where(eq(outboxMessages.id, id))
        .catch(() => {});
    }
  }

  /** True when an adapter delivered it, false when none is configured for the channel. */
  private async send(message: OutboxRow): Promise<boolean> {
    if (message.channel === 'email') {
      if (!this.options.mail) return false;
      await this.options.mail.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      });
      return true;
    }
    if (!this.options.sms) return false;
    await this.options.sms.send({ to: message.recipient, text: message.body });
    return true;
  }
}
