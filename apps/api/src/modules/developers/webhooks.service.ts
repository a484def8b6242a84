import {
  WEBHOOK_DISABLE_AFTER_FAILED_EVENTS,
  WEBHOOK_DISABLE_AFTER_FAILING_DAYS,
  WEBHOOK_EVENT_PAYLOADS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_KEPT_DAYS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  webhookRetryDelaySeconds,
  type PageMeta,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryView,
  type WebhookEndpointData,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvent, DomainEvents } from '../../platform/events';
import type { JobContext, Jobs } from '../../platform/jobs';
import type { NotificationsService } from '../notifications';
import * as repository from './webhooks.repository';
import type { CredentialsCipher } from '../../platform/credentials-cipher';
import { sendMessage, type AttemptOutcome, type PostMessage } from './webhooks.send';
import { assertWebhookUrl, webhookPoster, type WebhookReach } from './webhooks.url';

/** The job that makes one attempt of one delivery. */
export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
export const deliverPayload = z.object({ delivery_id: z.uuid() });
/** Trims the delivery log every night. */
export const PRUNE_WEBHOOKS_JOB = 'webhooks.prune';
const PRUNE_WEBHOOKS_CRON = '17 4 * * *';

/** How long a worker holds a delivery it is sending: past the 15 s timeout, with room. */
const LEASE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `webhook-id` of a message: the same on every attempt and resend. */
export const messageIdOf = (id: string) => `msg_${id.replaceAll('-', '')}`;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function endpointView(row: repository.EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((type): type is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as string[]).includes(type),
    ),
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: row.previousSecretExpiresAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    consecutive_failed_events: row.consecutiveFailedEvents,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function deliveryView(
  { delivery, type }: { delivery: repository.DeliveryRow; type: string },
  attempts: repository.AttemptRow[],
): WebhookDeliveryView {
  return {
    id: delivery.id,
    event_id: messageIdOf(delivery.eventId),
    event_type: type,
    status: delivery.status,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        number: attempt.number,
        at: attempt.at.toISOString(),
        status_code: attempt.statusCode,
        latency_ms: attempt.latencyMs,
        response_excerpt: attempt.responseExcerpt,
        succeeded: attempt.succeeded,
      })),
  };
}

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  events: DomainEvents;
  notifications: NotificationsService;
  reach: WebhookReach;
  /** Seals the signing secrets at rest (the endpoint's id binds each to its row). */
  credentials: CredentialsCipher;
}

/**
 * Outgoing webhooks (issue 26): the organization's endpoints, the fan-out of every domain event
 * to the endpoints subscribed to it, and the delivery job. A delivery is one job per attempt:
 * the attempt is claimed in one statement (a lease, so two workers never send it at once), sent
 * with no transaction or lock held, and recorded in a short transaction fenced to that attempt,
 * which schedules the next attempt on the documented schedule (`WEBHOOK_RETRY_DELAYS_SECONDS`).
 */
export class WebhooksService {
  private readonly post: PostMessage;

  constructor(private readonly deps: WebhooksDeps) {
    this.post = webhookPoster(deps.reach);
    deps.jobs.register(DELIVER_WEBHOOK_JOB, this.deliver, {
      payload: deliverPayload,
      // Retries here are for a crash or the database; the receiver's failures are rescheduled.
      retryLimit: 5,
      expireInSeconds: 5 * 60,
      transaction: false,
      // Out of retries: the delivery fails and its record's next delivery goes.
      onDeadLetter: async (tx, { delivery_id }) => {
        const failed = await repository.failDelivery(tx, delivery_id);
        if (failed) await this.startNext(tx, failed, this.deps.clock.now());
      },
    });
    deps.jobs.register(
      PRUNE_WEBHOOKS_JOB,
      (tx, _payload, job) =>
        repository.pruneLog(tx, new Date(job.now.getTime() - WEBHOOK_LOG_KEPT_DAYS * DAY_MS)),
      { cron: PRUNE_WEBHOOKS_CRON },
    );
    deps.events.subscribe({
      receive: this.fanOut,
      wants: async (tx, organizationId, type) =>
        (await repository.subscribedEndpoints(tx, organizationId, type).limit(1)).length > 0,
    });
  }

  async list(organizationId: string): Promise<WebhookEndpointView[]> {
    return (await repository.listEndpoints(this.deps.db, organizationId)).map(endpointView);
  }

  async get(organizationId: string, id: string): Promise<WebhookEndpointView> {
    return endpointView(await this.endpoint(this.deps.db, organizationId, id));
  }

  async create(organizationId: string, input: WebhookEndpointData) {
    await assertWebhookUrl(input.url, this.deps.reach);
    const secret = newSecret();
    const id = randomUUID();
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      // One organization's creations take turns, so the limit holds for two at once.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${organizationId}`}))`,
      );
      if ((await repository.countEndpoints(tx, organizationId)) >= WEBHOOK_MAX_ENDPOINTS) {
        throw new AppError('WEBHOOK_ENDPOINT_LIMIT', { max: WEBHOOK_MAX_ENDPOINTS });
      }
      return repository.insertEndpoint(tx, organizationId, {
        ...this.values(input),
        id,
        secret: this.deps.credentials.seal(id, secret),
        createdAt: now,
        updatedAt: now,
      });
    });
    return { data: endpointView(row), secret };
  }

  async update(organizationId: string, id: string, input: WebhookEndpointData) {
    await assertWebhookUrl(input.url, this.deps.reach);
    return this.change(organizationId, id, this.values(input));
  }

  setStatus(organizationId: string, id: string, enabled: boolean) {
    return this.change(organizationId, id, this.status(enabled));
  }

  /** Saves an endpoint; one being disabled drops its pending deliveries in the same transaction. */
  private async change(
    organizationId: string,
    id: string,
    values: Partial<repository.EndpointValues>,
  ): Promise<WebhookEndpointView> {
    const row = await this.deps.db.transaction(async (tx) => {
      const saved = await repository.updateEndpoint(tx, organizationId, id, {
        ...values,
        updatedAt: this.deps.clock.now(),
      });
      if (saved && !saved.enabled) await repository.failPending(tx, saved.id);
      return saved;
    });
    if (!row) throw notFound();
    return endpointView(row);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    if (!(await repository.deleteEndpoint(this.deps.db, organizationId, id))) throw notFound();
  }

  /** A new secret; the previous one keeps signing beside it for the overlap. */
  async rotateSecret(organizationId: string, id: string) {
    const now = this.deps.clock.now();
    const secret = newSecret();
    const row = await this.deps.db.transaction(async (tx) => {
      const endpoint = await this.endpoint(tx, organizationId, id);
      return repository.updateEndpoint(tx, organizationId, id, {
        secret: this.deps.credentials.seal(id, secret),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
        updatedAt: now,
      });
    });
    return { data: endpointView(row!), secret };
  }

  /** Sends a `webhook.test` message to the endpoint now. */
  async sendTest(organizationId: string, id: string): Promise<WebhookDeliveryView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.enabledEndpoint(tx, organizationId, id);
      const messageId = randomUUID();
      await repository.insertMessage(tx, {
        organizationId,
        id: messageId,
        type: WEBHOOK_TEST_EVENT,
        resource: `test:${messageId}`,
        payload: {
          type: WEBHOOK_TEST_EVENT,
          timestamp: now.toISOString(),
          data: { endpoint_id: id, message: 'Despacho test event' },
        },
        occurredAt: now,
      });
      return this.queueDelivery(tx, organizationId, id, messageId, `test:${messageId}`, now);
    });
  }

  /** The same message again (same `webhook-id`), as a new delivery. */
  async resend(organizationId: string, id: string, deliveryId: string) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.enabledEndpoint(tx, organizationId, id);
      const found = await repository.findDelivery(tx, organizationId, id, deliveryId);
      if (!found) throw notFound();
      const { eventId, resource } = found.delivery;
      return this.queueDelivery(tx, organizationId, id, eventId, resource, now);
    });
  }

  async deliveries(
    organizationId: string,
    id: string,
    query: WebhookDeliveriesQuery,
  ): Promise<{ data: WebhookDeliveryView[]; meta: PageMeta }> {
    const { db } = this.deps;
    await this.endpoint(db, organizationId, id);
    const { rows, total } = await repository.pageDeliveries(db, organizationId, id, query);
    const attempts = await repository.attemptsOf(
      db,
      rows.map((row) => row.delivery.id),
    );
    return {
      data: rows.map((row) => deliveryView(row, attempts)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async delivery(organizationId: string, id: string, deliveryId: string) {
    const found = await repository.findDelivery(this.deps.db, organizationId, id, deliveryId);
    if (!found) throw notFound();
    const attempts = await repository.attemptsOf(this.deps.db, [deliveryId]);
    return { ...deliveryView(found, attempts), payload: found.payload as Record<string, unknown> };
  }

  /** The catalogue: each event type with its `data` as JSON Schema. */
  catalogue() {
    return WEBHOOK_EVENT_TYPES.map((type) => ({
      type,
      schema: z.toJSONSchema(WEBHOOK_EVENT_PAYLOADS[type]) as Record<string, unknown>,
    }));
  }

  /**
   * Runs in the emitting change's transaction (or the `events.publish` job's): the event becomes
   * a message and one pending delivery per enabled endpoint subscribed to its type, each with its
   * first attempt's job. Only a read of the organization's endpoints when none wants it.
   */
  private readonly fanOut = async (tx: DbOrTx, event: DomainEvent): Promise<void> => {
    const endpoints = await repository.subscribedEndpoints(tx, event.organization_id, event.type);
    if (endpoints.length === 0) return;
    const occurredAt = new Date(event.occurred_at);
    await repository.insertMessage(tx, {
      organizationId: event.organization_id,
      id: event.id,
      type: event.type,
      resource: event.resource,
      payload: { type: event.type, timestamp: event.occurred_at, data: event.data },
      occurredAt,
    });
    // Created at the event's time, so one record's deliveries keep the order it happened in.
    const rows = await repository.insertDeliveries(
      tx,
      endpoints.map(({ id }) => ({
        organizationId: event.organization_id,
        endpointId: id,
        eventId: event.id,
        resource: event.resource,
        status: 'pending' as const,
        createdAt: occurredAt,
      })),
    );
    const now = this.deps.clock.now();
    await this.deps.jobs.enqueueMany(
      tx,
      rows.map((row) => ({
        kind: DELIVER_WEBHOOK_JOB,
        payload: { delivery_id: row.id },
        runAt: now,
      })),
    );
  };

  /** One attempt of one delivery (no transaction open: the HTTP call holds nothing). */
  private readonly deliver = async (
    db: DbOrTx,
    { delivery_id }: z.infer<typeof deliverPayload>,
    job: JobContext,
  ): Promise<void> => {
    const now = job.now;
    const claimed = await repository.claimDelivery(
      db,
      delivery_id,
      now,
      new Date(now.getTime() + LEASE_MS),
    );
    if (!claimed) {
      await repository.failIfEndpointDisabled(db, delivery_id);
      return;
    }
    const message = await repository.findMessage(db, claimed.organizationId, claimed.eventId);
    if (!message) return;
    const open = (sealed: string) => this.deps.credentials.open<string>(claimed.endpointId, sealed);
    const secrets = [open(claimed.secret)];
    if (claimed.previousSecret && claimed.previousSecretExpiresAt! > now) {
      secrets.push(open(claimed.previousSecret));
    }
    const outcome = await this.attempt(
      claimed.url,
      {
        id: messageIdOf(message.id),
        timestamp: now,
        body: JSON.stringify(message.payload),
      },
      secrets,
    );
    await this.deps.db.transaction((tx) => this.record(tx, claimed, outcome, now));
  };

  private async attempt(
    url: string,
    message: Parameters<typeof sendMessage>[1],
    secrets: string[],
  ): Promise<AttemptOutcome> {
    try {
      await assertWebhookUrl(url, this.deps.reach);
    } catch {
      return {
        statusCode: null,
        latencyMs: 0,
        responseExcerpt: 'URL refused: not HTTPS to a public address',
        succeeded: false,
      };
    }
    return sendMessage(url, message, secrets, this.post);
  }

  /** The attempt's result, the next attempt or the next delivery of the record, the endpoint's count. */
  private async record(
    tx: DbOrTx,
    claimed: NonNullable<Awaited<ReturnType<typeof repository.claimDelivery>>>,
    outcome: AttemptOutcome,
    now: Date,
  ): Promise<void> {
    const number = claimed.attempts;
    const delay = outcome.succeeded ? null : webhookRetryDelaySeconds(number + 1);
    const status = outcome.succeeded ? 'succeeded' : delay === null ? 'failed' : 'pending';
    const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay * 1000);
    if (!(await repository.settleDelivery(tx, claimed.id, number, { status, nextAttemptAt }))) {
      return;
    }
    await repository.insertAttempt(tx, {
      organizationId: claimed.organizationId,
      deliveryId: claimed.id,
      number,
      at: now,
      ...outcome,
    });
    const { jobs } = this.deps;
    if (nextAttemptAt) {
      await jobs.enqueue(tx, DELIVER_WEBHOOK_JOB, { delivery_id: claimed.id }, nextAttemptAt);
    } else {
      await this.startNext(tx, claimed, now);
    }
    const endpoint = await repository.recordOnEndpoint(
      tx,
      claimed.endpointId,
      outcome.succeeded ? 'succeeded' : status === 'failed' ? 'failed-event' : 'failed-attempt',
      now,
    );
    if (endpoint?.enabled && this.keepsFailing(endpoint, now)) {
      await repository.updateEndpoint(tx, endpoint.organizationId, endpoint.id, {
        enabled: false,
        disabledReason: 'failing',
        updatedAt: now,
      });
      await repository.failPending(tx, endpoint.id);
      await this.deps.notifications.notify(
        endpoint.organizationId,
        {
          kind: 'ERROR',
          content: { code: 'webhook_endpoint_disabled', params: { url: endpoint.url } },
          link: '/app/development',
        },
        tx,
      );
    }
  }

  /** The record's next pending delivery to the endpoint, which waited for the one just finished. */
  private async startNext(
    tx: DbOrTx,
    finished: { endpointId: string; resource: string },
    now: Date,
  ): Promise<void> {
    const next = await repository.nextOfResource(tx, finished.endpointId, finished.resource);
    if (!next) return;
    const runAt = next.nextAttemptAt && next.nextAttemptAt > now ? next.nextAttemptAt : now;
    await this.deps.jobs.enqueue(tx, DELIVER_WEBHOOK_JOB, { delivery_id: next.id }, runAt);
  }

  /** The documented threshold: failing for 5 days, or 20 events in a row out of attempts. */
  private keepsFailing(endpoint: repository.EndpointRow, now: Date): boolean {
    if (endpoint.consecutiveFailedEvents >= WEBHOOK_DISABLE_AFTER_FAILED_EVENTS) return true;
    return (
      endpoint.failingSince !== null &&
      now.getTime() - endpoint.failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_FAILING_DAYS * DAY_MS
    );
  }

  private async queueDelivery(
    tx: DbOrTx,
    organizationId: string,
    endpointId: string,
    eventId: string,
    resource: string,
    now: Date,
  ): Promise<WebhookDeliveryView> {
    const [delivery] = await repository.insertDeliveries(tx, [
      { organizationId, endpointId, eventId, resource, status: 'pending', createdAt: now },
    ]);
    await this.deps.jobs.enqueue(tx, DELIVER_WEBHOOK_JOB, { delivery_id: delivery!.id }, now);
    const message = await repository.findMessage(tx, organizationId, eventId);
    return deliveryView({ delivery: delivery!, type: message!.type }, []);
  }

  private values(input: WebhookEndpointData) {
    return {
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      ...this.status(input.enabled),
    };
  }

  /** Enabling starts the failure count again. */
  private status(enabled: boolean) {
    return enabled
      ? { enabled, disabledReason: null, failingSince: null, consecutiveFailedEvents: 0 }
      : { enabled, disabledReason: 'manual' as const };
  }

  private async endpoint(tx: DbOrTx, organizationId: string, id: string) {
    const row = await repository.findEndpoint(tx, organizationId, id);
    if (!row) throw notFound();
    return row;
  }

  private async enabledEndpoint(tx: DbOrTx, organizationId: string, id: string) {
    const row = await this.endpoint(tx, organizationId, id);
    if (!row.enabled) throw new AppError('WEBHOOK_ENDPOINT_DISABLED');
    return row;
  }
}
