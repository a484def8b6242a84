import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { cardWebhookEvents, sandboxCardCharges, sandboxCardTokens } from './card-payments.tables';

export type SandboxTokenRow = typeof sandboxCardTokens.$inferSelect;
export type SandboxChargeRow = typeof sandboxCardCharges.$inferSelect;

export async function insertToken(db: DbOrTx, row: typeof sandboxCardTokens.$inferInsert) {
  await db.insert(sandboxCardTokens).values(row);
}

/** Marks a live token used and answers it; null when it is unknown, used or expired. */
export async function redeemToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<SandboxTokenRow | null> {
  const [row] = await db
    .update(sandboxCardTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxCardTokens.token, token),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findToken(db: DbOrTx, token: string): Promise<SandboxTokenRow | null> {
  const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
  return row ?? null;
}

/** Serializes charges of one idempotency key until the caller's transaction ends. */
export async function lockIdempotencyKey(db: DbOrTx, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sandbox:${key}`}, 0))`);
}

export async function findCharge(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(sandboxCardCharges)
    .where(eq(sandboxCardCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function insertCharge(db: DbOrTx, row: typeof sandboxCardCharges.$inferInsert) {
  const [inserted] = await db.insert(sandboxCardCharges).values(row).returning();
  return inserted!;
}

/** Records a webhook event as processed; false when it already was (a replay). */
export async function claimWebhookEvent(
  db: DbOrTx,
  row: typeof cardWebhookEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(cardWebhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: cardWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function webhookEventSeen(db: DbOrTx, provider: string, eventId: string) {
  const [row] = await db
    .select({ eventId: cardWebhookEvents.eventId })
    .from(cardWebhookEvents)
    .where(and(eq(cardWebhookEvents.provider, provider), eq(cardWebhookEvents.eventId, eventId)));
  return row !== undefined;
}
