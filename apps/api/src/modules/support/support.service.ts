import type {
  Conversation,
  ConversationMessage,
  PageMeta,
  StaffConversation,
  StaffConversationsQuery,
  StaffConversationSummary,
} from '@despacho/domain';
import { AppError, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { NotificationsService } from '../notifications/notifications.service';
import * as repository from './support.repository';
import type { ConversationRow, MessageRow } from './support.repository';

const EXCERPT_LENGTH = 140;

/** What the organization is told when staff answer; the link opens the dashboard's chat. */
const ANSWER_NOTIFICATION = {
  kind: 'NOTIFICATION',
  title: { es: 'Un asesor respondió tu mensaje', en: 'A consultant answered your message' },
  link: '/app/dashboard?chat=open',
} as const;

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

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

export interface SupportDeps {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
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

  /** A staff answer; the organization is notified in the same transaction. */
  async answerAsStaff(id: string, staffUserId: string, body: string): Promise<ConversationMessage> {
    const conversation = await this.existing(id);
    if (conversation.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
    return this.deps.db.transaction(async (tx) => {
      const message = await repository.insertMessage(tx, conversation, {
        authorId: staffUserId,
        authorKind: 'staff',
        body,
        createdAt: this.deps.clock.now(),
      });
      // The body quotes the answer as staff wrote it, whatever the reader's language.
      await this.deps.notifications.notify(
        conversation.organizationId,
        { ...ANSWER_NOTIFICATION, body: { es: excerpt(body), en: excerpt(body) } },
        tx,
      );
      return presentMessage(message);
    });
  }

  /** Closes the conversation; the merchant's next message opens a new one. */
  async closeForStaff(id: string): Promise<ConversationForStaff> {
    const conversation = await this.existing(id);
    const closed =
      conversation.status === 'closed'
        ? conversation
        : await repository.close(this.deps.db, conversation, this.deps.clock.now());
    return this.withMessages(closed);
  }

  private async withMessages(row: ConversationRow): Promise<ConversationForStaff> {
    const messages = await repository.messagesOf(this.deps.db, row);
    return { ...presentConversation(row), messages: messages.map(presentMessage) };
  }

  private async existing(id: string): Promise<ConversationRow> {
    const row = await repository.findById(this.deps.db, id);
    if (!row) throw notFound();
    return row;
  }
}
