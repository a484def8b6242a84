import type { Platform } from '../services';
import type { NotificationsService } from '../notifications';
import { WebhooksService } from './webhooks.service';

/** Outgoing webhooks: endpoints, the events' fan-out and the delivery job. */
export const buildWebhooks = (
  deps: Pick<Platform, 'db' | 'clock' | 'jobs' | 'events' | 'config' | 'credentials'> & {
    notifications: NotificationsService;
  },
) => ({
  webhooks: new WebhooksService({
    ...deps,
    reach: { production: deps.config.NODE_ENV === 'production' },
  }),
});
