import type { ConversationStatus, MessageAuthorKind, PaginationQuery } from '@despacho/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { conversationMessages, conversations } from './support.tables';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

export interface NewMessage {
  authorId: string;
  authorKind: MessageAuthorKind;
  body: string;
  createdAt: Date;
}

export async function findOpen(
  db: DbOrTx,
  organizationId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.status, 'open')));
  return row;
}

/** Opens the organization's conversation, or answers the one a concurrent call just opened. */
export async function openConversation(
  db: DbOrTx,
  organizationId: string,
  openedBy: string,
  now: Date,
): Promise<ConversationRow> {
  const [created] = await db
    .insert(conversations)
    .values({ organizationId, openedBy, createdAt: now, lastMessageAt: now })
    .onConflictDoNothing()
    .returning();
  return created ?? (await findOpen(db, organizationId))!;
}

/** Staff only: a conversation of any organization; with `lock`, held until the transaction ends. */
export async function findById(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<ConversationRow | undefined> {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  conversation: ConversationRow,
  message: NewMessage,
): Promise<MessageRow> {
  const [row] = await db
    .insert(conversationMessages)
    .values({
      ...message,
      organizationId: conversation.organizationId,
      conversationId: conversation.id,
    })
    .returning();
  await db
    .update(conversations)
    .set({ lastMessageAt: message.createdAt })
    .where(
      and(
        eq(conversations.organizationId, conversation.organizationId),
        eq(conversations.id, conversation.id),
      ),
    );
  return row!;
}

export function messagesOf(db: DbOrTx, conversation: ConversationRow): Promise<MessageRow[]> {
  return db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.organizationId, conversation.organizationId),
        eq(conversationMessages.conversationId, conversation.id),
      ),
    )
    .orderBy(asc(conversationMessages.createdAt));
}

export async function close(
  db: DbOrTx,
  conversation: ConversationRow,
  now: Date,
): Promise<ConversationRow> {
  const [row] = await db
    .update(conversations)
    .set({ status: 'closed', closedAt: now })
    .where(
      and(
        eq(conversations.organizationId, conversation.organizationId),
        eq(conversations.id, conversation.id),
      ),
    )
    .returning();
  return row!;
}

/** Staff only: every organization's conversations, latest activity first. */
export async function listAll(
  db: DbOrTx,
  { page, pageSize, status }: PaginationQuery & { status?: ConversationStatus },
) {
  const where = status ? eq(conversations.status, status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(conversations, where),
  ]);
  return { rows, total };
}

/** The newest message of each given conversation. */
export function lastMessages(db: DbOrTx, of: ConversationRow[]): Promise<MessageRow[]> {
  if (of.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([conversationMessages.conversationId])
    .from(conversationMessages)
    .where(
      and(
        inArray(
          conversationMessages.organizationId,
          of.map((conversation) => conversation.organizationId),
        ),
        inArray(
          conversationMessages.conversationId,
          of.map((conversation) => conversation.id),
        ),
      ),
    )
    .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt));
}
