import { CONVERSATION_STATUSES, MESSAGE_AUTHOR_KINDS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantKeys, users } from '../accounts/accounts.tables';

/** A consultant chat between an organization and platform staff. */
export const conversations = pgTable(
  'conversations',
  {
    ...tenantKeys(),
    openedBy: uuid()
      .notNull()
      .references(() => users.id),
    status: text({ enum: CONVERSATION_STATUSES }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // At most one open chat per organization: concurrent first messages land in the same one.
    uniqueIndex('conversations_one_open')
      .on(table.organizationId)
      .where(sql`${table.status} = 'open'`),
    // The staff console reads across organizations, by id and by latest activity.
    index().on(table.id),
    index().on(table.lastMessageAt.desc()),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    ...tenantKeys(),
    conversationId: uuid().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    authorKind: text({ enum: MESSAGE_AUTHOR_KINDS }).notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'conversation_messages_conversation_fk',
      columns: [table.organizationId, table.conversationId],
      foreignColumns: [conversations.organizationId, conversations.id],
    }).onDelete('cascade'),
    index('conversation_messages_thread').on(
      table.organizationId,
      table.conversationId,
      table.createdAt,
    ),
    check('conversation_messages_body_length', sql`char_length(${table.body}) <= 2000`),
  ],
);
