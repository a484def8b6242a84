import { BUSINESS_HOURS, type StaffTicketsQuery, type TicketsQuery } from '@despacho/domain';
import {
  and,
  asc,
  avg,
  desc,
  eq,
  gte,
  like,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern, searchKey, searchWords } from '../../platform/search';
import { withinOrganizationDays } from '../accounts';
import {
  supportCannedReplies,
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
} from './tickets.tables';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketMessageRow = typeof supportTicketMessages.$inferSelect;
export type TicketAttachmentRow = typeof supportTicketAttachments.$inferSelect;
export type NewTicket = Omit<typeof supportTickets.$inferInsert, 'id' | 'number'>;
export type NewTicketMessage = Omit<typeof supportTicketMessages.$inferInsert, 'id' | 'seq'>;

const HOUR_MS = 60 * 60 * 1000;
/** The helpdesk's age filters: how old a ticket is, in calendar hours. */
const AGE_HOURS = { under_4h: [0, 4], under_1d: [4, 24], under_3d: [24, 72], older: [72, null] };

const ticketKey = (organizationId: string, id: string) =>
  and(eq(supportTickets.organizationId, organizationId), eq(supportTickets.id, id));

/** The ticket of the organization (foreign = absent); with `lock`, held until the transaction ends. */
export async function findTicket(db: DbOrTx, organizationId: string, id: string, lock = false) {
  const query = db.select().from(supportTickets).where(ticketKey(organizationId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Staff only: a ticket of any organization. */
export async function findTicketAnywhere(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertTicket(
  db: DbOrTx,
  values: Omit<NewTicket, 'searchText'>,
): Promise<TicketRow> {
  const [row] = await db
    .insert(supportTickets)
    .values({ ...values, searchText: searchKey(values.title) })
    .returning();
  return row!;
}

export async function updateTicket(
  db: DbOrTx,
  ticket: TicketRow,
  changes: Partial<NewTicket>,
): Promise<TicketRow> {
  const [row] = await db
    .update(supportTickets)
    .set(changes)
    .where(ticketKey(ticket.organizationId, ticket.id))
    .returning();
  return row!;
}

export async function insertMessage(db: DbOrTx, values: NewTicketMessage) {
  const [row] = await db.insert(supportTicketMessages).values(values).returning();
  return row!;
}

/** The ticket's own messages. */
function ofTicket(ticket: TicketRow) {
  return and(
    eq(supportTicketMessages.organizationId, ticket.organizationId),
    eq(supportTicketMessages.ticketId, ticket.id),
  );
}

export async function findMessage(db: DbOrTx, ticket: TicketRow, messageId: string) {
  const [row] = await db
    .select()
    .from(supportTicketMessages)
    .where(and(ofTicket(ticket), eq(supportTicketMessages.id, messageId)))
    .for('update');
  return row;
}

/** The ticket's messages, oldest first; `publicOnly` leaves staff's internal notes out. */
export function messagesOf(db: DbOrTx, ticket: TicketRow, publicOnly: boolean) {
  return db
    .select()
    .from(supportTicketMessages)
    .where(
      and(ofTicket(ticket), publicOnly ? eq(supportTicketMessages.internal, false) : undefined),
    )
    .orderBy(asc(supportTicketMessages.seq));
}

export function attachmentsOf(db: DbOrTx, organizationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(supportTicketAttachments)
    .where(
      and(
        eq(supportTicketAttachments.organizationId, organizationId),
        inArray(supportTicketAttachments.messageId, messageIds),
      ),
    )
    .orderBy(asc(supportTicketAttachments.createdAt));
}

export async function insertAttachment(
  db: DbOrTx,
  values: Omit<typeof supportTicketAttachments.$inferInsert, 'id'>,
) {
  const [row] = await db.insert(supportTicketAttachments).values(values).returning();
  return row!;
}

/** An attachment of the ticket with its message's visibility. */
export async function findAttachment(db: DbOrTx, ticket: TicketRow, attachmentId: string) {
  const [row] = await db
    .select({ attachment: supportTicketAttachments, internal: supportTicketMessages.internal })
    .from(supportTicketAttachments)
    .innerJoin(
      supportTicketMessages,
      and(
        eq(supportTicketMessages.organizationId, supportTicketAttachments.organizationId),
        eq(supportTicketMessages.id, supportTicketAttachments.messageId),
      ),
    )
    .where(
      and(
        eq(supportTicketAttachments.organizationId, ticket.organizationId),
        eq(supportTicketAttachments.ticketId, ticket.id),
        eq(supportTicketAttachments.id, attachmentId),
      ),
    );
  return row;
}

function filters(query: TicketsQuery): (SQL | undefined)[] {
  const words = searchWords(query.search);
  return [
    query.status ? eq(supportTickets.status, query.status) : undefined,
    query.category ? eq(supportTickets.category, query.category) : undefined,
    ...words.map((word) =>
      /^\d{1,9}$/.test(word)
        ? or(
            eq(supportTickets.number, Number(word)),
            like(supportTickets.searchText, likePattern(word)),
          )
        : like(supportTickets.searchText, likePattern(word)),
    ),
  ];
}

export async function listTickets(db: DbOrTx, organizationId: string, query: TicketsQuery) {
  const where = and(
    eq(supportTickets.organizationId, organizationId),
    withinOrganizationDays(supportTickets.createdAt, organizationId, query),
    ...filters(query),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(supportTickets, where),
  ]);
  return { rows, total };
}

/** Staff: every organization's tickets, those waiting on staff first, and their average rating. */
export async function queue(db: DbOrTx, query: StaffTicketsQuery, staffUserId: string, now: Date) {
  const age = query.age ? AGE_HOURS[query.age] : undefined;
  const where = and(
    ...filters(query),
    query.from
      ? sql`${supportTickets.createdAt} >= (${query.from}::date)::timestamp at time zone ${BUSINESS_HOURS.timeZone}`
      : undefined,
    query.to
      ? sql`${supportTickets.createdAt} < (${query.to}::date + 1)::timestamp at time zone ${BUSINESS_HOURS.timeZone}`
      : undefined,
    age ? lt(supportTickets.createdAt, new Date(now.getTime() - age[0]! * HOUR_MS)) : undefined,
    age?.[1]
      ? gte(supportTickets.createdAt, new Date(now.getTime() - age[1] * HOUR_MS))
      : undefined,
    query.assignee === 'me' ? eq(supportTickets.assigneeId, staffUserId) : undefined,
    query.assignee === 'unassigned' ? isNull(supportTickets.assigneeId) : undefined,
  );
  const [rows, total, [rating]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      // Open tickets waiting on staff first, the oldest of them on top.
      .orderBy(
        desc(sql`${supportTickets.status} <> 'closed' and ${supportTickets.waitingOn} = 'staff'`),
        asc(supportTickets.createdAt),
        asc(supportTickets.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(supportTickets, where),
    db
      .select({ average: avg(supportTickets.rating) })
      .from(supportTickets)
      .where(where),
  ]);
  return { rows, total, averageRating: rating?.average == null ? null : Number(rating.average) };
}

export function cannedReplies(db: DbOrTx) {
  return db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title));
}

export async function insertCannedReply(
  db: DbOrTx,
  values: Omit<typeof supportCannedReplies.$inferInsert, 'id'>,
) {
  const [row] = await db.insert(supportCannedReplies).values(values).returning();
  return row!;
}

export async function deleteCannedReply(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  return rows.length > 0;
}
