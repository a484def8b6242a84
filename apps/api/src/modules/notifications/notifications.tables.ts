import {
  NOTICE_AUDIENCES,
  NOTICE_KEYS,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationContent,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
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
    // A staff member's bell reads the rows addressed to them across organizations.
    index('notifications_addressed_idx')
      .on(table.userId, table.createdAt.desc())
      .where(sql`${table.userId} is not null`),
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

/**
 * The kinds a user also receives by mail: one row per kind chosen (none: nothing is mailed),
 * keyed by the organization first so a notification finds its recipients by one index.
 */
export const notificationMailKinds = pgTable(
  'notification_mail_kinds',
  {
    organizationId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.kind, table.userId] })],
);

/** News staff publish to every merchant or one notice audience, shown within its dates. */
export const news = pgTable(
  'news',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    titleEs: text().notNull(),
    titleEn: text().notNull(),
    bodyEs: text().notNull(),
    bodyEn: text().notNull(),
    /** Null: every merchant. */
    audience: text({ enum: NOTICE_AUDIENCES }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Null: shown until staff end it. */
    endsAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index().on(table.startsAt.desc()),
    check(
      'news_ends_after_start',
      sql`${table.endsAt} is null or ${table.endsAt} >= ${table.startsAt}`,
    ),
  ],
);
