import {
  checkedNotification,
  isNoticeKey,
  isNotificationCode,
  NOTICE_AUDIENCE,
  NOTICE_AUDIENCES,
  NOTICE_KEYS,
  notificationText,
  type Language,
  type NoticeAudience,
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

/** Whether an organization belongs to each notice audience, asked of the domain that knows. */
export type NoticeAudiences = Record<NoticeAudience, (organizationId: string) => Promise<boolean>>;

/** Notifications and notices. Other domains call `notify` (inside their transaction if they have one). */
export class NotificationsService {
  private readonly audiences: Partial<NoticeAudiences>;

  /** An audience no one answers for (`audiences` leaves it out) holds no organization. */
  constructor(
    private readonly deps: { db: Db; clock: Clock; audiences?: Partial<NoticeAudiences> },
  ) {
    this.audiences = { ...deps.audiences };
  }

  /**
   * The domain that knows answers for an audience (stores: `online_store`), handed over by its
   * builder, built after this one; an answer given at construction (tests) is kept.
   */
  answerAudience(audience: NoticeAudience, holds: NoticeAudiences[NoticeAudience]): void {
    this.audiences[audience] ??= holds;
  }

  async notify(organizationId: string, input: NotifyInput, tx: DbOrTx = this.deps.db) {
    const content = checkedNotification(input.content);
    await repository.insertNotification(tx, organizationId, {
      kind: input.kind,
      code: content.code,
      params: content.params,
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

  /** The notices of the organization's audiences that the user has not dismissed. */
  async activeNotices(organizationId: string, userId: string): Promise<NoticeKey[]> {
    const [dismissed, concerned] = await Promise.all([
      repository.dismissedNotices(this.deps.db, userId).then((keys) => new Set(keys)),
      this.audiencesOf(organizationId),
    ]);
    return NOTICE_KEYS.filter((key) => concerned.has(NOTICE_AUDIENCE[key]) && !dismissed.has(key));
  }

  async dismissNotice(organizationId: string, userId: string, key: string): Promise<NoticeKey[]> {
    if (!isNoticeKey(key)) throw notFound();
    await repository.dismissNotice(this.deps.db, userId, key, this.deps.clock.now());
    return this.activeNotices(organizationId, userId);
  }

  private async audiencesOf(organizationId: string): Promise<Set<NoticeAudience>> {
    const audiences = this.audiences;
    const held = await Promise.all(
      NOTICE_AUDIENCES.map(async (audience) => {
        const holds = audiences[audience];
        return holds && (await holds(organizationId)) ? [audience] : [];
      }),
    );
    return new Set(held.flat());
  }
}
