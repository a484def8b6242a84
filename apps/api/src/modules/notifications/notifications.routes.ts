import {
  activeNoticesSchema,
  idParamsSchema,
  noticeParamsSchema,
  notificationSchema,
  pageSchema,
  paginationQuerySchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The signed-in user's notifications and dismissible notices. */
export const notificationsRoutes: AppModule = async (app, deps) => {
  const { notifications } = deps;
  const signedIn = { config: { access: 'signed-in' as const } };
  const member = { config: { access: 'organization' as const } };

  app.get(
    '/notifications',
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: paginationQuerySchema,
        response: { 200: pageSchema(notificationSchema) },
      },
    },
    async (request) =>
      notifications.list(
        organizationOf(request),
        authOf(request).userId,
        request.query,
        request.language,
      ),
  );

  app.patch(
    '/notifications/:id/read',
    {
      ...member,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: z.object({ data: notificationSchema }) },
      },
    },
    async (request) => ({
      data: await notifications.markRead(
        organizationOf(request),
        authOf(request).userId,
        request.params.id,
        request.language,
      ),
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      ...member,
      schema: {
        tags,
        security,
        response: { 200: z.object({ data: z.object({ marked: z.number().int() }) }) },
      },
    },
    async (request) => ({
      data: {
        marked: await notifications.markAllRead(organizationOf(request), authOf(request).userId),
      },
    }),
  );

  app.get(
    '/notifications/notices',
    {
      ...signedIn,
      schema: { tags, security, response: { 200: z.object({ data: activeNoticesSchema }) } },
    },
    async (request) => ({
      data: { active: await notifications.activeNotices(authOf(request).userId) },
    }),
  );

  app.post(
    '/notifications/notices/:key/dismiss',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        params: noticeParamsSchema,
        response: { 200: z.object({ data: activeNoticesSchema }) },
      },
    },
    async (request) => ({
      data: {
        active: await notifications.dismissNotice(authOf(request).userId, request.params.key),
      },
    }),
  );
};
