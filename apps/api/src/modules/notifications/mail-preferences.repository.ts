import type { NotificationKind } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { DbOrTx } from '../../platform/db';
import { notificationMailKinds } from './notifications.tables';

export async function mailKinds(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<NotificationKind[]> {
  const rows = await db
    .select({ kind: notificationMailKinds.kind })
    .from(notificationMailKinds)
    .where(
      and(
        eq(notificationMailKinds.organizationId, organizationId),
        eq(notificationMailKinds.userId, userId),
      ),
    );
  return rows.map((row) => row.kind);
}

/** Replaces the user's chosen kinds with `kinds`. */
export async function setMailKinds(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  kinds: NotificationKind[],
): Promise<void> {
  await tx
    .delete(notificationMailKinds)
    .where(
      and(
        eq(notificationMailKinds.organizationId, organizationId),
        eq(notificationMailKinds.userId, userId),
      ),
    );
  if (kinds.length === 0) return;
  await tx
    .insert(notificationMailKinds)
    .values([...new Set(kinds)].map((kind) => ({ organizationId, userId, kind })));
}

/**
 * Who chose to receive `kind` by mail: the one user addressed, or any user of the organization.
 * `alongside` runs in the same statement (a notification's insert): one round trip for both.
 */
export async function mailRecipients(
  db: DbOrTx,
  organizationId: string,
  kind: NotificationKind,
  userId: string | null,
  alongside?: WithSubquery,
): Promise<string[]> {
  const rows = await (alongside ? db.with(alongside) : db)
    .select({ userId: notificationMailKinds.userId })
    .from(notificationMailKinds)
    .where(
      and(
        eq(notificationMailKinds.organizationId, organizationId),
        eq(notificationMailKinds.kind, kind),
        userId === null ? undefined : eq(notificationMailKinds.userId, userId),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Every user, by organization, who chose `kind` by mail (news reaches all organizations). */
export async function mailChoosers(
  db: DbOrTx,
  kind: NotificationKind,
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({
      organizationId: notificationMailKinds.organizationId,
      userId: notificationMailKinds.userId,
    })
    .from(notificationMailKinds)
    .where(eq(notificationMailKinds.kind, kind));
  const byOrganization = new Map<string, string[]>();
  for (const { organizationId, userId } of rows) {
    byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), userId]);
  }
  return byOrganization;
}
