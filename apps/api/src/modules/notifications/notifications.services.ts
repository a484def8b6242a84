import type { Core } from '../services';
import { NotificationsService, type NoticeAudiences } from './notifications.service';

/**
 * The merchant's notifications and notices. The online-store notices' audience is answered by
 * the stores domain (`answerAudience`), or by `onlineStore` when a test gives one.
 */
export const buildNotifications = (
  deps: Core,
  onlineStore: NoticeAudiences['online_store'] | undefined,
) => ({
  notifications: new NotificationsService({
    ...deps,
    audiences: onlineStore ? { online_store: onlineStore } : {},
  }),
});
