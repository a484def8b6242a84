import {
  notificationsContract,
  staffNewsContract,
  staffNotificationsContract,
} from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The signed-in user's notifications and dismissible notices, as `notificationsContract` declares them. */
export const notificationsRoutes: AppModule = async (app, { notifications, news }) => {
  implement(app, notificationsContract, {
    list: async (request) =>
      notifications.list(
        organizationOf(request),
        authOf(request).userId,
        request.query,
        request.language,
      ),
    unread: async (request) => ({
      data: {
        unread: await notifications.unreadCount(organizationOf(request), authOf(request).userId),
      },
    }),
    mailPreferences: async (request) => ({
      data: {
        mail: await notifications.mailKinds(organizationOf(request), authOf(request).userId),
      },
    }),
    setMailPreferences: async (request) => ({
      data: {
        mail: await notifications.setMailKinds(
          organizationOf(request),
          authOf(request).userId,
          request.body.mail,
        ),
      },
    }),
    news: async (request) => ({
      data: await news.current(organizationOf(request), request.language),
    }),
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

/** Staff news, as `staffNewsContract` declares it. */
export const staffNewsRoutes: AppModule = async (app, { news }) => {
  implement(app, staffNewsContract, {
    list: async (request) => news.list(request.query),
    create: async (request, reply) => {
      const created = await news.create(request.body, authOf(request).userId);
      return reply.status(201).send({ data: created });
    },
    end: async (request) => ({ data: await news.end(request.params.id) }),
  });
};

/** A staff member's own notifications, as `staffNotificationsContract` declares them. */
export const staffNotificationsRoutes: AppModule = async (app, { notifications }) => {
  implement(app, staffNotificationsContract, {
    list: async (request) =>
      notifications.list(null, authOf(request).userId, request.query, request.language),
    unread: async (request) => ({
      data: { unread: await notifications.unreadCount(null, authOf(request).userId) },
    }),
    markRead: async (request) => ({
      data: await notifications.markRead(
        null,
        authOf(request).userId,
        request.params.id,
        request.language,
      ),
    }),
    markAllRead: async (request) => ({
      data: { marked: await notifications.markAllRead(null, authOf(request).userId) },
    }),
  });
};
