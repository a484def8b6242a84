import {
  isNoticeKey,
  isNotificationCode,
  NOTICE_KEYS,
  notificationText,
  type Language,
  type NoticeKey,
  type Notification,
  type NotificationContent,
  type NotificationKind,
  type PageMeta,
  type PaginationQuery,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import * as repository from './notifications.repository';

export interface NotifyInput {
  kind: NotificationKind;
  /** What it says, as a code: each reader reads it in their own language. */
  content: NotificationContent;
  link?: string;
  /** Only this user of the organization sees it; without it, all of them. */
  userId?: string;
}

/** Its title and body in the reader's language: from its code, or as a row before codes holds them. */
function textOf(notification: repository.NotificationRow, language: Language) {
  const { code, params } = notification;
  if (code && params && isNotificationCode(code)) {
    return notificationText({ code, params } as NotificationContent, language);
  }
  return { title: notification.title?.[language] ?? '', body: notification.body?.[language] ?? '' };
}

function present(
  { notification, readAt }: { notification: repository.NotificationRow; readAt: Date | null },
  language: Language,
): Notification {
  return {
    id: notification.id,
    kind: notification.kind,
    ...textOf(notification, language),
    link: notification.link,
    created_at: notification.createdAt.toISOString(),
    read: readAt !== null,
  };
}

/** Notifications and notices. Other domains call `notify` (inside their transaction if they have one). */
export class NotificationsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async notify(organizationId: string, input: NotifyInput, tx: DbOrTx = this.deps.db) {
    await repository.insertNotification(tx, organizationId, {
      kind: input.kind,
      code: input.content.code,
      params: input.content.params,
      link: input.link ?? null,
      userId: input.userId ?? null,
      createdAt: this.deps.clock.now(),
    });
  }

  async list(
    organizationId: string,
    userId: string,
    query: PaginationQuery,
    language: Language,
  ): Promise<{ data: Notification[]; meta: PageMeta }> {
    const { rows, total } = await repository.listVisible(
      this.deps.db,
      organizationId,
      userId,
      query,
    );
    return {
      data: rows.map((row) => present(row, language)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async markRead(
    organizationId: string,
    userId: string,
    id: string,
    language: Language,
  ): Promise<Notification> {
    const found = await repository.findVisible(this.deps.db, organizationId, userId, id);
    if (!found) throw notFound();
    const readAt = found.readAt ?? this.deps.clock.now();
    if (!found.readAt) {
      await repository.markRead(this.deps.db, organizationId, userId, id, readAt);
    }
    return present({ ...found, readAt }, language);
  }

  markAllRead(organizationId: string, userId: string): Promise<number> {
    return repository.markAllRead(this.deps.db, organizationId, userId, this.deps.clock.now());
  }

  unreadCount(organizationId: string, userId: string): Promise<number> {
    return repository.countUnread(this.deps.db, organizationId, userId);
  }

  async activeNotices(userId: string): Promise<NoticeKey[]> {
    const dismissed = new Set(await repository.dismissedNotices(this.deps.db, userId));
    return NOTICE_KEYS.filter((key) => !dismissed.has(key));
  }

  async dismissNotice(userId: string, key: string): Promise<NoticeKey[]> {
    if (!isNoticeKey(key)) throw notFound();
    await repository.dismissNotice(this.deps.db, userId, key, this.deps.clock.now());
    return this.activeNotices(userId);
  }
}
