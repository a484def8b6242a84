import {
  NOTICE_KEYS,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationContent,
} from '@despacho/domain';
import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantKeys, users } from '../accounts/accounts.tables';

/** Text in every language of the app: how notifications were stored before codes. */
export type LocalizedText = Record<Language, string>;

/** What the product tells an organization (all its users) or one of its users (`user_id`). */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantKeys(),
    /** Null: every user of the organization sees it. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    /** What it says, as a code and its parameters, written in the reader's language when read. */
    code: text().$type<NotificationContent['code']>(),
    params: jsonb().$type<NotificationContent['params']>(),
    /** The sentences of a row stored before codes that the migration could not map. */
    title: jsonb().$type<LocalizedText>(),
    body: jsonb().$type<LocalizedText>(),
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index().on(table.organizationId, table.createdAt.desc()),
  ],
);

/** Read state is per user: an organization-wide notification is read by each user separately. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    organizationId: uuid().notNull(),
    notificationId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.notificationId, table.userId] }),
    foreignKey({
      name: 'notification_reads_notification_fk',
      columns: [table.organizationId, table.notificationId],
      foreignColumns: [notifications.organizationId, notifications.id],
    }).onDelete('cascade'),
  ],
);

/** Notices a user closed; kept server-side so the dismissal follows them across devices. */
export const noticeDismissals = pgTable(
  'notice_dismissals',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeKey: text({ enum: NOTICE_KEYS }).notNull(),
    dismissedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.noticeKey] })],
);
