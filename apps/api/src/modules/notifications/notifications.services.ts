import type { Core } from '../services';
import { NotificationsService, type NoticeAudiences } from './notifications.service';

/** Stores are not built: no organization has or can connect one until that domain answers here. */
const noOnlineStore: NoticeAudiences['online_store'] = async () => false;

/** The merchant's notifications and notices (with the online-store notices' audience). */
export const buildNotifications = (
  deps: Core,
  onlineStore: NoticeAudiences['online_store'] | undefined,
) => ({
  notifications: new NotificationsService({
    ...deps,
    audiences: { online_store: onlineStore ?? noOnlineStore },
  }),
});
