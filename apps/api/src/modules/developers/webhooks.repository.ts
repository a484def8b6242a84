import type { WebhookDeliveriesQuery } from '@despacho/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from './webhooks.tables';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type EndpointValues = Omit<typeof webhookEndpoints.$inferInsert, 'organizationId'>;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id));

export const listEndpoints = (tx: DbOrTx, organizationId: string) =>
  tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.createdAt));

export async function countEndpoints(tx: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function findEndpoint(tx: DbOrTx, organizationId: string, id: string) {
  const [row] = await tx.select().from(webhookEndpoints).where(ofOrganization(organizationId, id));
  return row ?? null;
}

export async function insertEndpoint(tx: DbOrTx, organizationId: string, values: EndpointValues) {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ organizationId, ...values })
    .returning();
  return row!;
}

export async function updateEndpoint(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<EndpointValues>,
) {
  const [row] = await tx
    .update(webhookEndpoints)
    .set(values)
    .where(ofOrganization(organizationId, id))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(tx: DbOrTx, organizationId: string, id: string) {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(ofOrganization(organizationId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints of the organization that subscribed to `type`. */
export const subscribedEndpoints = (tx: DbOrTx, organizationId: string, type: string) =>
  tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );

export async function insertMessage(
  tx: DbOrTx,
  message: typeof webhookMessages.$inferInsert,
): Promise<void> {
  await tx.insert(webhookMessages).values(message).onConflictDoNothing();
}

export async function findMessage(tx: DbOrTx, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.organizationId, organizationId), eq(webhookMessages.id, id)));
  return row ?? null;
}

export const insertDeliveries = (tx: DbOrTx, rows: (typeof webhookDeliveries.$inferInsert)[]) =>
  tx.insert(webhookDeliveries).values(rows).returning();

export async function findDelivery(
  tx: DbOrTx,
  organizationId: string,
  endpointId: string,
  id: string,
) {
  const [row] = await tx
    .select({
      delivery: webhookDeliveries,
      type: webhookMessages.type,
      payload: webhookMessages.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row ?? null;
}

export async function pageDeliveries(
  tx: DbOrTx,
  organizationId: string,
  endpointId: string,
  query: WebhookDeliveriesQuery,
) {
  const where = and(
    eq(webhookDeliveries.organizationId, organizationId),
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.event_type ? eq(webhookMessages.type, query.event_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({ delivery: webhookDeliveries, type: webhookMessages.type })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.eventId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const attemptsOf = (tx: DbOrTx, deliveryIds: string[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([] as AttemptRow[])
    : tx
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveryIds))
        .orderBy(asc(webhookAttempts.number));

/**
 * Takes a delivery for one attempt, in one statement with no transaction around it: only while
 * pending and due, not held by another worker (the lease), its endpoint enabled, and no earlier
 * delivery of the same record to that endpoint pending (order per resource). Answers what the
 * attempt sends, or null when this job has nothing to do.
 */
export async function claimDelivery(tx: DbOrTx, id: string, now: Date, leaseUntil: Date) {
  const earlier = sql`exists (
    select from ${webhookDeliveries} as o
    where o.endpoint_id = ${webhookDeliveries.endpointId} and o.resource = ${webhookDeliveries.resource}
      and o.status = 'pending' and (o.created_at, o.id) < (${webhookDeliveries.createdAt}, ${webhookDeliveries.id}))`;
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, leaseUntil })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        eq(webhookEndpoints.enabled, true),
        sql`not ${earlier}`,
      ),
    )
    .returning({
      id: webhookDeliveries.id,
      organizationId: webhookDeliveries.organizationId,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      resource: webhookDeliveries.resource,
      attempts: webhookDeliveries.attempts,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    });
  return row ?? null;
}

/**
 * An endpoint being disabled: its pending deliveries end failed (not sent when it is enabled
 * again), so none is left waiting on an earlier one of its record that will never finish.
 */
export async function failPending(tx: DbOrTx, endpointId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, leaseUntil: null })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')),
    );
}

/** Fails one delivery still pending (its job ran out of retries); answers its endpoint and record. */
export async function failDelivery(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, leaseUntil: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .returning({ endpointId: webhookDeliveries.endpointId, resource: webhookDeliveries.resource });
  return row ?? null;
}

/** A pending delivery whose endpoint is disabled ends failed: it is not sent when re-enabled. */
export async function failIfEndpointDisabled(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, leaseUntil: null })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        eq(webhookEndpoints.enabled, false),
      ),
    );
}

export async function insertAttempt(tx: DbOrTx, attempt: typeof webhookAttempts.$inferInsert) {
  await tx.insert(webhookAttempts).values(attempt);
}

/**
 * Records the attempt's result on the delivery, fenced to the attempt that claimed it: a run
 * taken back after its lease ran out records nothing (answers false).
 */
export async function settleDelivery(
  tx: DbOrTx,
  id: string,
  attempt: number,
  values: Pick<DeliveryRow, 'status' | 'nextAttemptAt'>,
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ ...values, leaseUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.attempts, attempt),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** The endpoint's next pending delivery of one record, which waited for the one just finished. */
export async function nextOfResource(tx: DbOrTx, endpointId: string, resource: string) {
  const [row] = await tx
    .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.resource, resource),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    .limit(1);
  return row ?? null;
}

/** Counts the attempt on its endpoint; answers the endpoint as it now stands. */
export async function recordOnEndpoint(
  tx: DbOrTx,
  endpointId: string,
  outcome: 'succeeded' | 'failed-attempt' | 'failed-event',
  now: Date,
) {
  const values =
    outcome === 'succeeded'
      ? { failingSince: null, consecutiveFailedEvents: 0 }
      : {
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
          ...(outcome === 'failed-event'
            ? { consecutiveFailedEvents: sql`${webhookEndpoints.consecutiveFailedEvents} + 1` }
            : {}),
        };
  const [row] = await tx
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row ?? null;
}

/**
 * Forgets finished deliveries created before `before` (their attempts go with them) and the
 * messages no delivery refers to any more.
 */
export async function pruneLog(tx: DbOrTx, before: Date): Promise<void> {
  await tx
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')));
  await tx
    .delete(webhookMessages)
    .where(
      and(
        lt(webhookMessages.occurredAt, before),
        sql`not exists (select from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${webhookMessages.id})`,
      ),
    );
}
