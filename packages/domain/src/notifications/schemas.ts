import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';

/** Notification kinds of spec §4; the web colours its badge by kind. */
export const NOTIFICATION_KINDS = ['ERROR', 'NOTIFICATION', 'NEWS', 'WARNING'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification as the signed-in user sees it, in the language of the request. */
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** An app path to open, e.g. `/app/dashboard?chat=open`. */
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Dismissible notices: one key per announcement. `shop_policy_2025_06`: the online-shop platform
 * (Shopify) changes its integration policy on 1 June 2025 and app version 2025-04 needs new
 * permissions, so merchants must re-authorize their store connection.
 */
export const NOTICE_KEYS = ['shop_policy_2025_06'] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/**
 * Who a notice concerns; the server shows it only to organizations in its audience.
 * `online_store`: organizations that have an online store connected or can connect one.
 */
export const NOTICE_AUDIENCES = ['online_store'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE: Record<NoticeKey, NoticeAudience> = {
  shop_policy_2025_06: 'online_store',
};

export function isNoticeKey(value: string): value is NoticeKey {
  return (NOTICE_KEYS as readonly string[]).includes(value);
}

export const noticeParamsSchema = z.object({ key: z.string() });

/** The notices the signed-in user has not dismissed. */
export const activeNoticesSchema = z.object({ active: z.array(z.enum(NOTICE_KEYS)) });
export type ActiveNotices = z.infer<typeof activeNoticesSchema>;

/** The list of notifications: a page, optionally of one kind. */
export const notificationsQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const unreadCountSchema = z.object({ data: z.object({ unread: z.number().int() }) });

/**
 * The kinds a user also receives by mail, in their language; the others stay in the app.
 * Nothing is mailed until the user chooses it.
 */
export const mailPreferencesSchema = z.object({ mail: z.array(z.enum(NOTIFICATION_KINDS)) });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
