import type { NoticeKey, NotificationsQuery } from '@despacho/domain';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { mailRecipients } from './mail-preferences.repository';
import { noticeDismissals, notificationReads, notifications } from './notifications.tables';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'organizationId' | 'id'>;

/**
 * Who reads: a member of an organization, or (`organizationId` null) a staff member, who reads
 * only what is addressed to them, whatever organization it concerns.
 */
export interface Reader {
  organizationId: string | null;
  userId: string;
}

/** A member's organization-wide notifications and the ones addressed to them; staff, theirs. */
function visibleTo({ organizationId, userId }: Reader) {
  if (organizationId === null) return eq(notifications.userId, userId);
  return and(
    eq(notifications.organizationId, organizationId),
    or(isNull(notifications.userId), eq(notifications.userId, userId)),
  );
}

/** Joins this user's read mark, if any. */
function readBy(userId: string) {
  return and(
    eq(notificationReads.organizationId, notifications.organizationId),
    eq(notificationReads.notificationId, notifications.id),
    eq(notificationReads.userId, userId),
  );
}

const withReadAt = { notification: notifications, readAt: notificationReads.readAt };

/**
 * Inserts a notification. With `answerMailRecipients`, in the same statement: who of its
 * audience chose its kind by mail (`mailRecipients`), answered; otherwise nobody.
 */
export async function insertNotification(
  db: DbOrTx,
  organizationId: string,
  values: NewNotification,
  answerMailRecipients: boolean,
): Promise<string[]> {
  const insert = db.insert(notifications).values({ ...values, organizationId });
  if (!answerMailRecipients) {
    await insert;
    return [];
  }
  const inserted = db.$with('inserted').as(insert.returning({ id: notifications.id }));
  return mailRecipients(db, organizationId, values.kind, values.userId ?? null, inserted);
}

export async function listVisible(
  db: DbOrTx,
  reader: Reader,
  { page, pageSize, kind }: NotificationsQuery,
) {
  const where = and(visibleTo(reader), kind ? eq(notifications.kind, kind) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select(withReadAt)
      .from(notifications)
      .leftJoin(notificationReads, readBy(reader.userId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(notifications, where),
  ]);
  return { rows, total };
}

export async function findVisible(db: DbOrTx, reader: Reader, id: string) {
  const [row] = await db
    .select(withReadAt)
    .from(notifications)
    .leftJoin(notificationReads, readBy(reader.userId))
    .where(and(visibleTo(reader), eq(notifications.id, id)));
  return row;
}

export async function countUnread(db: DbOrTx, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .leftJoin(notificationReads, readBy(reader.userId))
    .where(and(visibleTo(reader), isNull(notificationReads.userId)));
  return row?.unread ?? 0;
}

export async function markRead(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  notificationId: string,
  readAt: Date,
): Promise<void> {
  await db
    .insert(notificationReads)
    .values({ organizationId, notificationId, userId, readAt })
    .onConflictDoNothing();
}

/** Marks every unread visible notification as read; answers how many it marked. */
export async function markAllRead(db: DbOrTx, reader: Reader, readAt: Date): Promise<number> {
  const { userId } = reader;
  const unread = db
    .select({
      organizationId: notifications.organizationId,
      notificationId: notifications.id,
      userId: sql`${userId}::uuid`.as('user_id'),
      readAt: sql`${readAt.toISOString()}::timestamptz`.as('read_at'),
    })
    .from(notifications)
    .leftJoin(notificationReads, readBy(userId))
    .where(and(visibleTo(reader), isNull(notificationReads.userId)));
  const marked = await db
    .insert(notificationReads)
    .select(unread)
    .onConflictDoNothing()
    .returning({ id: notificationReads.notificationId });
  return marked.length;
}

export async function dismissedNotices(db: DbOrTx, userId: string): Promise<NoticeKey[]> {
  const rows = await db
    .select({ key: noticeDismissals.noticeKey })
    .from(noticeDismissals)
    .where(eq(noticeDismissals.userId, userId));
  return rows.map((row) => row.key);
}

export async function dismissNotice(
  db: DbOrTx,
  userId: string,
  noticeKey: NoticeKey,
  dismissedAt: Date,
): Promise<void> {
  await db
    .insert(noticeDismissals)
    .values({ userId, noticeKey, dismissedAt })
    .onConflictDoNothing();
}
