import type { AccountsService } from '../accounts';
import type { Platform } from '../services';
import { NewsService } from './news.service';
import { NotificationsService, type NoticeAudiences } from './notifications.service';

/**
 * The merchant's notifications and notices. The online-store notices' audience is answered by
 * the stores domain (`answerAudience`), or by `onlineStore` when a test gives one. A notification
 * is mailed through the outbox to the users who chose its kind. Staff news reads the same audiences.
 */
export const buildNotifications = (
  deps: Pick<Platform, 'db' | 'clock' | 'outbox' | 'config'> & { accounts: AccountsService },
  onlineStore: NoticeAudiences['online_store'] | undefined,
) => {
  const notifications = new NotificationsService({
    db: deps.db,
    clock: deps.clock,
    audiences: onlineStore ? { online_store: onlineStore } : {},
    mailer: { outbox: deps.outbox, accounts: deps.accounts, appUrl: deps.config.APP_URL },
  });
  return { notifications, news: new NewsService({ ...deps, notifications }) };
};
