import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema, paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { activeNoticesSchema, noticeParamsSchema, notificationSchema } from './schemas';

const member = 'organization';
const signedIn = 'signed-in';
const notices = z.object({ data: activeNoticesSchema });

/**
 * The signed-in user's notifications and dismissible notices. The API implements it in
 * modules/notifications/notifications.routes.ts, the web calls it from features/dashboard/api.ts.
 */
export const notificationsContract = defineContract('notifications', {
  list: defineOperation({
    method: 'GET',
    path: '/notifications',
    access: member,
    query: paginationQuerySchema,
    responses: { 200: pageSchema(notificationSchema) },
  }),
  markRead: defineOperation({
    method: 'PATCH',
    path: '/notifications/:id/read',
    access: member,
    params: idParamsSchema,
    responses: { 200: z.object({ data: notificationSchema }) },
  }),
  markAllRead: defineOperation({
    method: 'POST',
    path: '/notifications/read-all',
    access: member,
    responses: { 200: z.object({ data: z.object({ marked: z.number().int() }) }) },
  }),
  notices: defineOperation({
    method: 'GET',
    path: '/notifications/notices',
    access: signedIn,
    responses: { 200: notices },
  }),
  dismissNotice: defineOperation({
    method: 'POST',
    path: '/notifications/notices/:key/dismiss',
    access: signedIn,
    params: noticeParamsSchema,
    responses: { 200: notices },
  }),
});
