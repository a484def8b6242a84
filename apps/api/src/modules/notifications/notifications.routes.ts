import { notificationsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The signed-in user's notifications and dismissible notices, as `notificationsContract` declares them. */
export const notificationsRoutes: AppModule = async (app, { notifications }) => {
  implement(app, notificationsContract, {
    list: async (request) =>
      notifications.list(
        organizationOf(request),
        authOf(request).userId,
        request.query,
        request.language,
      ),
    markRead: async (request) => ({
      data: await notifications.markRead(
        organizationOf(request),
        authOf(request).userId,
        request.params.id,
        request.language,
      ),
    }),
    markAllRead: async (request) => ({
      data: {
        marked: await notifications.markAllRead(organizationOf(request), authOf(request).userId),
      },
    }),
    notices: async (request) => ({
      data: {
        active: await notifications.activeNotices(organizationOf(request), authOf(request).userId),
      },
    }),
    dismissNotice: async (request) => ({
      data: {
        active: await notifications.dismissNotice(
          organizationOf(request),
          authOf(request).userId,
          request.params.key,
        ),
      },
    }),
  });
};
