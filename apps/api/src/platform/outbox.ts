import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import type { JobHandler, Jobs } from './jobs';
import type { MailSender } from './mail';
import { outboxMessages, SMS_DELIVERY_STATUSES, type SmsDeliveryStatus } from './outbox.tables';
import { ProviderError } from './provider-calls';
import type { SmsProvider, SmsReceipt } from './sms';

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
  /** Delivery is a job on this queue; it is due at this clock's now. */
  jobs: Jobs;
  clock: Clock;
  /** Where the SMS provider reports delivery statuses (`webhooks/twilio/status`), when it can. */
  smsStatusCallback?: string;
}

/** Adds a message to the transaction under way. */
export type OutboxQueue = (message: OutboxMessage) => Promise<void>;

/** How far along each delivery status is: the three last are final. */
const DELIVERY_RANK: Record<SmsDeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  undelivered: 2,
  failed: 2,
};

/** The job that delivers one message (decision 021). */
export const DELIVER_MESSAGE_JOB = 'outbox.deliver';

const deliverPayload = z.object({ id: z.uuid() });

/**
 * Mail and SMS leave through here: written in the transaction of the change that causes them,
 * with a job that delivers them through the configured adapter once that transaction commits,
 * or keeps them in the table when there is none. A failed delivery is retried with backoff; after
 * the last retry the message is `failed` and its job stays failed for staff (`/staff/jobs`).
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    options.jobs.register(DELIVER_MESSAGE_JOB, this.deliver, {
      payload: deliverPayload,
      retryLimit: 8,
      retryDelaySeconds: 30,
      onDeadLetter: async (tx, { id }, error) => {
        options.log.error({ outboxId: id, error }, 'message delivery failed for good');
        await tx
          .update(outboxMessages)
          .set({ status: 'failed', lastError: error.slice(0, 500) })
          .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')));
      },
    });
  }

  /**
   * Runs `work` in a transaction; what it queues is delivered once the transaction commits, and
   * never if it rolls back. Delivery runs in the worker: the answer does not wait for SMTP.
   */
  async transaction<T>(work: (tx: DbOrTx, queue: OutboxQueue) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx, this.queueIn(tx)));
  }

  /** Queues into a transaction the caller already holds (a notification mailed with its change). */
  queueIn(tx: DbOrTx): OutboxQueue {
    const { jobs, clock } = this.options;
    return async (message) => {
      const [row] = await tx
        .insert(outboxMessages)
        .values({ ...message, subject: 'subject' in message ? message.subject : null })
        .returning({ id: outboxMessages.id });
      await jobs.enqueue(tx, DELIVER_MESSAGE_JOB, { id: row!.id }, clock.now());
    };
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

  /** The job's handler: a throw rolls its writes back and the job is retried. */
  private readonly deliver: JobHandler<z.infer<typeof deliverPayload>> = async (tx, { id }) => {
    const { log } = this.options;
    const [message] = await tx
      .select()
      .from(outboxMessages)
      // A failed one is sent again when staff retry its job.
      .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, ['queued', 'failed'])))
      .for('update');
    if (!message) return;
    let sent: SmsReceipt | boolean;
    try {
      sent = await this.send(message);
    } catch (error) {
      // The provider refused this message (a wrong number): another try would be refused too.
      if (!(error instanceof ProviderError) || error.retryable) throw error;
      log.warn({ outboxId: id, channel: message.channel, code: error.code }, 'message refused');
      await tx
        .update(outboxMessages)
        .set({ status: 'failed', lastError: error.message.slice(0, 500) })
        .where(eq(outboxMessages.id, id));
      return;
    }
    await tx
      .update(outboxMessages)
      .set(
        sent
          ? {
              status: 'sent',
              sentAt: new Date(),
              ...(typeof sent === 'object'
                ? { providerMessageId: sent.providerMessageId, deliveryStatus: 'queued' as const }
                : {}),
            }
          : { status: 'kept' },
      )
      .where(eq(outboxMessages.id, id));
    if (sent) log.info({ outboxId: id, channel: message.channel }, 'message sent');
    else if (this.options.logContents) {
      const { channel, recipient, subject, body } = message;
      log.info({ outboxId: id, channel, recipient, subject, body }, 'message kept in outbox');
    } else {
      log.info({ outboxId: id, channel: message.channel }, 'message kept: no provider');
    }
  };

  /**
   * What the SMS provider reports of a message it was given (its status webhook). Reports may
   * come twice or out of order: a status only moves forward (a late `sent` after `delivered`
   * changes nothing), so a replay is harmless. False when no message has that provider id.
   */
  async recordDelivery(
    providerMessageId: string,
    status: SmsDeliveryStatus,
    errorCode?: string,
  ): Promise<boolean> {
    const earlier = SMS_DELIVERY_STATUSES.filter(
      (value) => DELIVERY_RANK[value] < DELIVERY_RANK[status],
    );
    const byId = eq(outboxMessages.providerMessageId, providerMessageId);
    const moved = await this.db
      .update(outboxMessages)
      .set({
        deliveryStatus: status,
        deliveryUpdatedAt: this.options.clock.now(),
        ...(errorCode ? { lastError: `delivery error ${errorCode}` } : {}),
      })
      .where(
        and(
          byId,
          or(
            isNull(outboxMessages.deliveryStatus),
            inArray(outboxMessages.deliveryStatus, earlier),
          ),
        ),
      )
      .returning({ id: outboxMessages.id });
    if (moved.length > 0) return true;
    const [known] = await this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(byId);
    return known !== undefined;
  }

  /** An adapter's receipt (or true) when it delivered, false when none is configured. */
  private async send(message: OutboxRow): Promise<SmsReceipt | boolean> {
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
    return this.options.sms.send({
      to: message.recipient,
      text: message.body,
      statusCallback: this.options.smsStatusCallback,
    });
  }
}
