import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema, paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { newsInputSchema, newsItemSchema, staffNewsSchema } from './news';
import {
  activeNoticesSchema,
  mailPreferencesSchema,
  noticeParamsSchema,
  notificationSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from './schemas';

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
    summary: 'The newest first, optionally of one kind',
    query: notificationsQuerySchema,
    responses: { 200: pageSchema(notificationSchema) },
  }),
  unread: defineOperation({
    method: 'GET',
    path: '/notifications/unread',
    access: member,
    summary: 'How many notifications the user has not read (the header bell)',
    responses: { 200: unreadCountSchema },
  }),
  mailPreferences: defineOperation({
    method: 'GET',
    path: '/notifications/mail-preferences',
    access: member,
    responses: { 200: z.object({ data: mailPreferencesSchema }) },
  }),
  setMailPreferences: defineOperation({
    method: 'PUT',
    path: '/notifications/mail-preferences',
    access: member,
    summary: 'The kinds the user also receives by mail, in their language',
    body: mailPreferencesSchema,
    responses: { 200: z.object({ data: mailPreferencesSchema }) },
  }),
  news: defineOperation({
    method: 'GET',
    path: '/notifications/news',
    access: member,
    summary: 'The news staff published that concern the organization today',
    responses: { 200: z.object({ data: z.array(newsItemSchema) }) },
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

const staff = 'staff';
const tags = ['staff'];
const staffNewsAnswer = z.object({ data: staffNewsSchema });

/**
 * The operators' console: news (kind NEWS) for every merchant or an audience, with a start and
 * an optional end. The API implements it in modules/notifications/news.routes.ts, the web calls
 * it from features/notifications/staff-news-api.ts.
 */
export const staffNewsContract = defineContract('staff-news', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/news',
    access: staff,
    tags,
    summary: 'Every news item, the newest first',
    query: paginationQuerySchema,
    responses: { 200: pageSchema(staffNewsSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/staff/news',
    access: staff,
    tags,
    body: newsInputSchema,
    responses: { 201: staffNewsAnswer },
  }),
  end: defineOperation({
    method: 'POST',
    path: '/staff/news/:id/end',
    access: staff,
    tags,
    summary: 'Stops showing the news item now',
    params: idParamsSchema,
    responses: { 200: staffNewsAnswer },
  }),
});

/**
 * A staff member's own notifications (a merchant replied to a ticket they have, or to one no one
 * has): the centre's rows addressed to them, whatever organization they concern. The API
 * implements it in modules/notifications/notifications.routes.ts, the web's staff bell calls it.
 */
export const staffNotificationsContract = defineContract('staff-notifications', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/notifications',
    access: staff,
    tags,
    summary: 'The newest first, optionally of one kind',
    query: notificationsQuerySchema,
    responses: { 200: pageSchema(notificationSchema) },
  }),
  unread: defineOperation({
    method: 'GET',
    path: '/staff/notifications/unread',
    access: staff,
    tags,
    summary: 'How many the staff member has not read (the console bell)',
    responses: { 200: unreadCountSchema },
  }),
  markRead: defineOperation({
    method: 'PATCH',
    path: '/staff/notifications/:id/read',
    access: staff,
    tags,
    params: idParamsSchema,
    responses: { 200: z.object({ data: notificationSchema }) },
  }),
  markAllRead: defineOperation({
    method: 'POST',
    path: '/staff/notifications/read-all',
    access: staff,
    tags,
    responses: { 200: z.object({ data: z.object({ marked: z.number().int() }) }) },
  }),
});
