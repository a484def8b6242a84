import type {
  Conversation,
  ConversationMessage,
  PageMeta,
  StaffConversation,
  StaffConversationsQuery,
  StaffConversationSummary,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { NotificationsService } from '../notifications';
import * as repository from './support.repository';
import type { ConversationRow, MessageRow } from './support.repository';

const EXCERPT_LENGTH = 140;

/** What the organization is told when staff answer; the link opens the dashboard's chat. */

/** What staff see before the organization's name is added by the staff console. */
export type ConversationForStaff = Omit<StaffConversation, 'organization_name'>;
export type ConversationSummaryForStaff = Omit<StaffConversationSummary, 'organization_name'>;

function presentMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    author_kind: row.authorKind,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

function presentConversation(row: ConversationRow) {
  return {
    id: row.id,
    organization_id: row.organizationId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}

/** What the audit log keeps of a conversation before and after a staff action. */
function snapshot(row: ConversationRow) {
  return {
    status: row.status,
    last_message_at: row.lastMessageAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

export interface SupportDeps {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  /** Staff actions on a conversation are written to the audit log in their transaction. */
  audit: AuditLog;
}

/** The consultant chat: merchants write into their organization's open conversation, staff answer. */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  /** The organization's open conversation with its messages, or null when none is open. */
  async openConversation(organizationId: string): Promise<Conversation | null> {
    const row = await repository.findOpen(this.deps.db, organizationId);
    if (!row) return null;
    const { organization_id: _organization, ...conversation } = await this.withMessages(row);
    return conversation;
  }

  /** A merchant's message; the first one opens the conversation. */
  postMerchantMessage(
    organizationId: string,
    userId: string,
    body: string,
  ): Promise<ConversationMessage> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const conversation =
        (await repository.findOpen(tx, organizationId)) ??
        (await repository.openConversation(tx, organizationId, userId, now));
      const message = await repository.insertMessage(tx, conversation, {
        authorId: userId,
        authorKind: 'merchant',
        body,
        createdAt: now,
      });
      return presentMessage(message);
    });
  }

  async listForStaff(
    query: StaffConversationsQuery,
  ): Promise<{ data: ConversationSummaryForStaff[]; meta: PageMeta }> {
    const { rows, total } = await repository.listAll(this.deps.db, query);
    const last = new Map(
      (await repository.lastMessages(this.deps.db, rows)).map((message) => [
        message.conversationId,
        message,
      ]),
    );
    return {
      data: rows.map((row) => {
        const message = last.get(row.id);
        return {
          ...presentConversation(row),
          last_message: message ? presentMessage(message) : null,
        };
      }),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async conversationForStaff(id: string): Promise<ConversationForStaff> {
    return this.withMessages(await this.existing(id));
  }

  /** A staff answer; the organization is notified and the answer audited in the same transaction. */
  answerAsStaff(id: string, staffUserId: string, body: string): Promise<ConversationMessage> {
    return this.deps.db.transaction(async (tx) => {
      const conversation = await this.existing(id, tx, true);
      if (conversation.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
      const message = await repository.insertMessage(tx, conversation, {
        authorId: staffUserId,
        authorKind: 'staff',
        body,
        createdAt: this.deps.clock.now(),
      });
      // The body quotes the answer as staff wrote it, whatever the reader's language.
      await this.deps.notifications.notify(
        conversation.organizationId,
        {
          kind: 'NOTIFICATION',
          content: { code: 'support_answer', params: { excerpt: excerpt(body) } },
          link: '/app/dashboard?chat=open',
        },
        tx,
      );
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action: 'conversation.answer',
        subjectType: 'conversation',
        subjectId: conversation.id,
        organizationId: conversation.organizationId,
        before: snapshot(conversation),
        after: {
          ...snapshot({ ...conversation, lastMessageAt: message.createdAt }),
          message: { id: message.id, body: message.body },
        },
      });
      return presentMessage(message);
    });
  }

  /** Closes the conversation (audited); the merchant's next message opens a new one. */
  async closeForStaff(id: string, staffUserId: string): Promise<ConversationForStaff> {
    const closed = await this.deps.db.transaction(async (tx) => {
      const conversation = await this.existing(id, tx, true);
      if (conversation.status === 'closed') return conversation;
      const row = await repository.close(tx, conversation, this.deps.clock.now());
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action: 'conversation.close',
        subjectType: 'conversation',
        subjectId: conversation.id,
        organizationId: conversation.organizationId,
        before: snapshot(conversation),
        after: snapshot(row),
      });
      return row;
    });
    return this.withMessages(closed);
  }

  /** A chat as it is copied into a ticket: its organization, who opened it, its messages. */
  async transcript(id: string, db: DbOrTx = this.deps.db) {
    const conversation = await this.existing(id, db);
    return {
      organizationId: conversation.organizationId,
      openedBy: conversation.openedBy,
      messages: await repository.messagesOf(db, conversation),
    };
  }

  private async withMessages(row: ConversationRow): Promise<ConversationForStaff> {
    const messages = await repository.messagesOf(this.deps.db, row);
    return { ...presentConversation(row), messages: messages.map(presentMessage) };
  }

  private async existing(
    id: string,
    db: DbOrTx = this.deps.db,
    lock = false,
  ): Promise<ConversationRow> {
    const row = await repository.findById(db, id, lock);
    if (!row) throw notFound();
    return row;
  }
}
