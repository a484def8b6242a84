import type { AccountsService } from '../accounts';
import type { Platform } from '../services';
import { NEWS_MAIL_JOB, NewsService, newsMailPayload } from './news.service';
import { NotificationsService, type NoticeAudiences } from './notifications.service';

/**
 * The merchant's notifications and notices. The online-store notices' audience is answered by
 * the stores domain (`answerAudience`), or by `onlineStore` when a test gives one. A notification
 * is mailed through the outbox to the users who chose its kind. Staff news reads the same audiences.
 */
export const buildNotifications = (
  deps: Pick<Platform, 'db' | 'clock' | 'outbox' | 'config' | 'jobs'> & {
    accounts: AccountsService;
  },
  onlineStore: NoticeAudiences['online_store'] | undefined,
) => {
  const mailer = { outbox: deps.outbox, accounts: deps.accounts, appUrl: deps.config.APP_URL };
  const notifications = new NotificationsService({
    db: deps.db,
    clock: deps.clock,
    audiences: onlineStore ? { online_store: onlineStore } : {},
    mailer,
  });
  const news = new NewsService({ ...deps, notifications, mailer });
  deps.jobs.register(NEWS_MAIL_JOB, news.mailJob, { payload: newsMailPayload });
  return { notifications, news };
};
