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
  type NotificationsQuery,
  type PageMeta,
} from '@despacho/domain';
import type { AccountsService } from '../accounts';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Outbox } from '../../platform/outbox';
import * as mailPreferences from './mail-preferences.repository';
import { notificationMail } from './notification-mail';
import * as repository from './notifications.repository';

export interface NotifyInput {
  kind: NotificationKind;
  /** What it says, as a code: each reader reads it in their own language. */
  content: NotificationContent;
  link?: string;
  /**
   * Only this user sees it: one of the organization's, or a staff member the organization's
   * matter is for (a ticket's assignee), who reads it in the console; without it, all members.
   */
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

/** How notifications reach the mailbox of the users who chose their kind. */
export interface NotificationMailer {
  outbox: Outbox;
  accounts: AccountsService;
  /** The web app's origin: a notification's link is a path inside it. */
  appUrl: string;
}

/** Notifications and notices. Other domains call `notify` (inside their transaction if they have one). */
export class NotificationsService {
  private readonly audiences: Partial<NoticeAudiences>;

  /**
   * An audience no one answers for (`audiences` leaves it out) holds no organization; without
   * a `mailer` (tests of other domains) nothing is mailed.
   */
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      audiences?: Partial<NoticeAudiences>;
      mailer?: NotificationMailer;
    },
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
    const { mailer } = this.deps;
    // One statement inserts it and answers who chose its kind by mail (when mail is sent).
    const chosen = await repository.insertNotification(
      tx,
      organizationId,
      {
        kind: input.kind,
        code: content.code,
        params: content.params,
        link: input.link ?? null,
        userId: input.userId ?? null,
        createdAt: this.deps.clock.now(),
      },
      mailer !== undefined,
    );
    if (!mailer || chosen.length === 0) return;
    // Mailed in the same transaction to each addressed user who chose its kind.
    const queue = mailer.outbox.queueIn(tx);
    for (const user of await mailer.accounts.mailContacts(organizationId, chosen, tx)) {
      const text = notificationText(content, user.language);
      const mail = notificationMail(text, input.link ?? null, mailer.appUrl, user.language);
      await queue({ channel: 'email', recipient: user.email, ...mail });
    }
  }

  mailKinds(organizationId: string, userId: string): Promise<NotificationKind[]> {
    return mailPreferences.mailKinds(this.deps.db, organizationId, userId);
  }

  async setMailKinds(
    organizationId: string,
    userId: string,
    kinds: NotificationKind[],
  ): Promise<NotificationKind[]> {
    await this.deps.db.transaction((tx) =>
      mailPreferences.setMailKinds(tx, organizationId, userId, kinds),
    );
    return this.mailKinds(organizationId, userId);
  }

  /**
   * The reader's notifications. `organizationId` null reads as staff: only what is addressed to
   * them, across organizations (the same for the read marks and the count below).
   */
  async list(
    organizationId: string | null,
    userId: string,
    query: NotificationsQuery,
    language: Language,
  ): Promise<{ data: Notification[]; meta: PageMeta }> {
    const { rows, total } = await repository.listVisible(
      this.deps.db,
      { organizationId, userId },
      query,
    );
    return {
      data: rows.map((row) => present(row, language)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async markRead(
    organizationId: string | null,
    userId: string,
    id: string,
    language: Language,
  ): Promise<Notification> {
    const found = await repository.findVisible(this.deps.db, { organizationId, userId }, id);
    if (!found) throw notFound();
    const readAt = found.readAt ?? this.deps.clock.now();
    if (!found.readAt) {
      const of = found.notification.organizationId;
      await repository.markRead(this.deps.db, of, userId, id, readAt);
    }
    return present({ ...found, readAt }, language);
  }

  markAllRead(organizationId: string | null, userId: string): Promise<number> {
    const reader = { organizationId, userId };
    return repository.markAllRead(this.deps.db, reader, this.deps.clock.now());
  }

  unreadCount(organizationId: string | null, userId: string): Promise<number> {
    return repository.countUnread(this.deps.db, { organizationId, userId });
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

  /** The notice audiences the organization belongs to (news for a segment reads them too). */
  async audiencesOf(organizationId: string): Promise<Set<NoticeAudience>> {
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
