import {
  WEBHOOK_EVENT_PAYLOADS,
  type WebhookEventData,
  type WebhookEventType,
} from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from './clock';
import type { DbOrTx } from './db';
import type { Jobs } from './jobs';

/** The job that hands one emitted event to its subscriber (the webhooks' fan-out). */
export const PUBLISH_EVENT_JOB = 'events.publish';

const eventSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  type: z.string(),
  resource: z.string(),
  data: z.record(z.string(), z.unknown()),
  occurred_at: z.string(),
});
export type DomainEvent = z.infer<typeof eventSchema>;

/** The one consumer of every event: what it writes for one, and whether it wants a kind at all. */
export interface EventSubscriber {
  /** Writes in `tx` what `event` must send (the webhooks' messages, deliveries and jobs). */
  receive(tx: DbOrTx, event: DomainEvent): Promise<void>;
  /** Whether anything of the organization would be sent for `type`, read in `tx`. */
  wants(tx: DbOrTx, organizationId: string, type: WebhookEventType): Promise<boolean>;
}

/**
 * What happened in a domain that a merchant's systems may want to hear of (issue 26's webhook
 * events). A domain emits in the transaction of its change and the subscriber (the webhooks'
 * fan-out) writes there what must be sent, with its jobs: it exists exactly when the change
 * committed, and one record's events are written in the order its changes committed (each
 * domain changes a record under its row lock). Nothing is sent in the transaction. A change made
 * in one SQL statement that enqueues its own jobs (the guide purchase's settle) carries the
 * event as a `events.publish` job instead (`jobIfWanted`), which hands it to the subscriber.
 */
export class DomainEvents {
  private subscriber: EventSubscriber | undefined;

  constructor(private readonly deps: { jobs: Jobs; clock: Clock }) {
    deps.jobs.register(
      PUBLISH_EVENT_JOB,
      async (tx, event) => {
        await this.subscriber?.receive(tx, event);
      },
      { payload: eventSchema },
    );
  }

  /** The one consumer of every event (the webhooks module registers it when built). */
  subscribe(subscriber: EventSubscriber): void {
    if (this.subscriber) throw new Error('DomainEvents already has a subscriber');
    this.subscriber = subscriber;
  }

  /**
   * Hands `type` for the organization to the subscriber in `tx`. `resource` names the record it is about
   * (`shipment:<id>`): an endpoint gets one record's events in the order they were emitted.
   */
  async emit<Type extends WebhookEventType>(
    tx: DbOrTx,
    organizationId: string,
    type: Type,
    data: WebhookEventData<Type>,
    resource: string,
  ): Promise<void> {
    await this.subscriber?.receive(tx, this.job(organizationId, type, data, resource).payload);
  }

  /**
   * The event as a job, for a change made in one SQL statement that enqueues its own jobs (the
   * guide purchase's settle): the event then commits with that statement. Undefined when the
   * subscriber wants nothing of the kind for the organization (read in `db` just before the
   * change, as `emit`'s subscriber reads in the change's transaction): most merchants have no
   * webhook, and a job that finds nothing to send cost a guide a fetch, a transaction and a read
   * (docs/benchmarks.md).
   */
  async jobIfWanted<Type extends WebhookEventType>(
    db: DbOrTx,
    organizationId: string,
    type: Type,
    data: WebhookEventData<Type>,
    resource: string,
  ) {
    if (!(await this.subscriber?.wants(db, organizationId, type))) return undefined;
    return this.job(organizationId, type, data, resource);
  }

  private job<Type extends WebhookEventType>(
    organizationId: string,
    type: Type,
    data: WebhookEventData<Type>,
    resource: string,
  ) {
    const now = this.deps.clock.now();
    const payload: DomainEvent = {
      id: randomUUID(),
      organization_id: organizationId,
      type,
      resource,
      data: WEBHOOK_EVENT_PAYLOADS[type].parse(data),
      occurred_at: now.toISOString(),
    };
    return { kind: PUBLISH_EVENT_JOB, payload, runAt: now };
  }
}
