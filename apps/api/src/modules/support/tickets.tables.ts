import {
  TICKET_AUTHOR_KINDS,
  TICKET_CATEGORIES,
  TICKET_LINK_KINDS,
  TICKET_STATUSES,
  TICKET_WAITING_ON,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from '../../platform/files.tables';
import { tenantKeys, users } from '../accounts/accounts.tables';

/** A support ticket of an organization (spec §3), answered by staff on the helpdesk. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    ...tenantKeys(),
    /** What merchants and staff call it: one sequence for the platform. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    openedBy: uuid()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    /** The title as searches compare it (platform/search `searchKey`). */
    searchText: text().notNull(),
    category: text({ enum: TICKET_CATEGORIES }).notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('opened'),
    /** The merchant's record it is about, checked as the organization's own when opened. */
    linkKind: text({ enum: TICKET_LINK_KINDS }),
    linkId: uuid(),
    previousTicketId: uuid(),
    mergedIntoId: uuid(),
    assigneeId: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    firstResponseAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: text({ enum: TICKET_AUTHOR_KINDS }),
    closeReason: text(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The response clock: business time spent waiting on staff, summed over the periods that
     * ended, plus the running period since `clockStartedAt` (null while it waits on the merchant).
     */
    waitingOn: text({ enum: TICKET_WAITING_ON }).notNull().default('staff'),
    clockStartedAt: timestamp({ withTimezone: true }),
    clockMs: bigint({ mode: 'number' }).notNull().default(0),
    rating: smallint(),
    ratingComment: text(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('support_tickets_list').on(table.organizationId, table.lastActivityAt.desc()),
    // The helpdesk reads across organizations: by id, and by status and age.
    index().on(table.id),
    index('support_tickets_queue').on(table.status, table.createdAt),
    foreignKey({
      name: 'support_tickets_previous_fk',
      columns: [table.organizationId, table.previousTicketId],
      foreignColumns: [table.organizationId, table.id],
    }),
    foreignKey({
      name: 'support_tickets_merged_into_fk',
      columns: [table.organizationId, table.mergedIntoId],
      foreignColumns: [table.organizationId, table.id],
    }),
    check(
      'support_tickets_link_whole',
      sql`(${table.linkKind} is null) = (${table.linkId} is null)`,
    ),
    check('support_tickets_rating', sql`${table.rating} between 1 and 5`),
    check(
      'support_tickets_closed_whole',
      sql`(${table.status} = 'closed') = (${table.closedAt} is not null and ${table.closedBy} is not null)`,
    ),
  ],
);

/** A message of a ticket: public replies of either side, or staff's internal notes. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    ...tenantKeys(),
    ticketId: uuid().notNull(),
    /** The conversation's order: messages copied from a chat keep their own times. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    authorKind: text({ enum: TICKET_AUTHOR_KINDS }).notNull(),
    internal: boolean().notNull().default(false),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'support_ticket_messages_ticket_fk',
      columns: [table.organizationId, table.ticketId],
      foreignColumns: [supportTickets.organizationId, supportTickets.id],
    }).onDelete('cascade'),
    index('support_ticket_messages_thread').on(
      table.organizationId,
      table.ticketId,
      table.createdAt,
    ),
    check(
      'support_ticket_messages_internal_staff',
      sql`not ${table.internal} or ${table.authorKind} = 'staff'`,
    ),
    check('support_ticket_messages_body_length', sql`char_length(${table.body}) <= 5000`),
  ],
);

/** A stored file (platform/files) attached to one message; an internal note's stays staff-only. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    ...tenantKeys(),
    ticketId: uuid().notNull(),
    messageId: uuid().notNull(),
    fileId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'support_ticket_attachments_message_fk',
      columns: [table.organizationId, table.messageId],
      foreignColumns: [supportTicketMessages.organizationId, supportTicketMessages.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'support_ticket_attachments_file_fk',
      columns: [table.organizationId, table.fileId],
      foreignColumns: [files.organizationId, files.id],
    }),
    index('support_ticket_attachments_message').on(table.organizationId, table.messageId),
  ],
);

/** The helpdesk's canned replies: a small list staff keep for the answers they repeat. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text().notNull(),
  body: text().notNull(),
  createdBy: uuid()
    .notNull()
    .references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
