import {
  canReopen,
  type PageMeta,
  type Ticket,
  type TicketCreate,
  type TicketLinkKind,
  type TicketMessage,
  type TicketRating,
  type TicketsQuery,
  type TicketSummary,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { StoredFile } from '../../platform/files';
import type { Outbox } from '../../platform/outbox';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import { ticketMail } from './ticket-mail';
import * as repository from './tickets.repository';
import type { TicketRow } from './tickets.repository';
import { closingFields, excerpt, presentMessage, presentSummary } from './tickets.present';
import { TicketThreads, type AttachTarget } from './tickets.threads';

/**
 * Checks that a record of the organization exists, throwing NOT_FOUND otherwise (a foreign id
 * looks like a missing one), asked of the domain that owns it.
 */
export type TicketLinks = Record<
  TicketLinkKind,
  (organizationId: string, id: string) => Promise<unknown>
>;

export interface TicketsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  accounts: AccountsService;
  notifications: NotificationsService;
  threads: TicketThreads;
  links: TicketLinks;
}

/**
 * A message as merchants read it: without the staff-only flag (always false for them), and staff
 * speak as the Despacho team, as in the advisor chat, never by their own names.
 */
function merchantMessage({
  internal: _internal,
  ...message
}: { internal: boolean } & TicketMessage): TicketMessage {
  return message.author_kind === 'staff' ? { ...message, author_name: '' } : message;
}

/** `support/tickets`: an organization's tickets, as any user with the Help permission sees them. */
export class TicketsService {
  constructor(private readonly deps: TicketsDeps) {}

  async list(
    organizationId: string,
    query: TicketsQuery,
  ): Promise<{ data: TicketSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.listTickets(this.deps.db, organizationId, query);
    return {
      data: rows.map(presentSummary),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<Ticket> {
    return this.present(await this.existing(this.deps.db, organizationId, id));
  }

  /** Opens a ticket; its description is the first message, attachments follow onto it. */
  async open(organizationId: string, userId: string, input: TicketCreate): Promise<Ticket> {
    if (input.link) await this.deps.links[input.link.kind](organizationId, input.link.id);
    const row = await this.deps.db.transaction(async (tx) => {
      if (input.previous_ticket_id) {
        const previous = await this.existing(tx, organizationId, input.previous_ticket_id);
        if (previous.closedAt === null || canReopen(previous.closedAt, this.deps.clock.now())) {
          throw new AppError('TICKET_PREVIOUS_STILL_OPEN');
        }
      }
      const now = this.deps.clock.now();
      const ticket = await repository.insertTicket(tx, {
        organizationId,
        openedBy: userId,
        title: input.title,
        category: input.category,
        linkKind: input.link?.kind ?? null,
        linkId: input.link?.id ?? null,
        previousTicketId: input.previous_ticket_id ?? null,
        createdAt: now,
        lastActivityAt: now,
        waitingOn: 'staff',
        clockStartedAt: now,
      });
      await repository.insertMessage(tx, {
        organizationId,
        ticketId: ticket.id,
        authorId: userId,
        authorKind: 'merchant',
        body: input.description,
        createdAt: now,
      });
      return ticket;
    });
    return this.present(row);
  }

  /**
   * A merchant's reply: it reopens a ticket closed within the reopen window, resumes the
   * response clock, and tells the assigned staff member (every staff member while unassigned)
   * in the console's bell and by mail.
   */
  async reply(
    organizationId: string,
    userId: string,
    id: string,
    body: string,
  ): Promise<TicketMessage> {
    const { outbox, clock, accounts, notifications, config } = this.deps;
    return outbox.transaction(async (tx, queue) => {
      const ticket = await this.existing(tx, organizationId, id, true);
      const now = clock.now();
      if (ticket.mergedIntoId) throw new AppError('TICKET_CLOSED');
      if (ticket.closedAt && !canReopen(ticket.closedAt, now)) {
        throw new AppError('TICKET_REOPEN_EXPIRED');
      }
      const reopened = ticket.status === 'closed';
      await repository.updateTicket(tx, ticket, {
        ...TicketThreads.resumedClock(ticket, now),
        lastActivityAt: now,
        ...(reopened && {
          status: ticket.firstResponseAt ? 'in_progress' : 'opened',
          closedAt: null,
          closedBy: null,
          closeReason: null,
          rating: null,
          ratingComment: null,
        }),
      });
      const message = await repository.insertMessage(tx, {
        organizationId,
        ticketId: ticket.id,
        authorId: userId,
        authorKind: 'merchant',
        body,
        createdAt: now,
      });
      // Whoever has the ticket hears of it; while no one has it, the whole helpdesk does.
      const readers = ticket.assigneeId
        ? [await accounts.user(ticket.assigneeId, tx)]
        : await accounts.staffMembers(tx);
      const link = `/staff/tickets/${ticket.id}`;
      const params = { number: ticket.number, title: ticket.title, excerpt: excerpt(body) };
      const company = (await accounts.organizationNames([organizationId])).get(organizationId);
      for (const reader of readers) {
        await notifications.notify(
          organizationId,
          {
            kind: 'NOTIFICATION',
            content: {
              code: 'ticket_merchant_reply',
              params: { ...params, company: company ?? '' },
            },
            link,
            userId: reader.id,
          },
          tx,
        );
        await queue({
          channel: 'email',
          recipient: reader.email,
          ...ticketMail(
            'merchantReply',
            { ...params, link: `${config.APP_URL}${link}` },
            reader.language,
          ),
        });
      }
      const names = await accounts.userNames([userId]);
      return merchantMessage(presentMessage(message, [], names.get(userId) ?? ''));
    });
  }

  /** The merchant closes the ticket as resolved. */
  async close(organizationId: string, id: string): Promise<Ticket> {
    const row = await this.deps.db.transaction(async (tx) => {
      const ticket = await this.existing(tx, organizationId, id, true);
      if (ticket.status === 'closed') return ticket;
      const now = this.deps.clock.now();
      return repository.updateTicket(tx, ticket, {
        ...TicketThreads.pausedClock(ticket, now),
        status: 'closed',
        closedAt: now,
        closedBy: 'merchant',
        lastActivityAt: now,
      });
    });
    return this.present(row);
  }

  async rate(organizationId: string, id: string, input: TicketRating): Promise<Ticket> {
    const row = await this.deps.db.transaction(async (tx) => {
      const ticket = await this.existing(tx, organizationId, id, true);
      if (ticket.status !== 'closed') throw new AppError('TICKET_NOT_CLOSED');
      return repository.updateTicket(tx, ticket, {
        rating: input.rating,
        ratingComment: input.comment || null,
      });
    });
    return this.present(row);
  }

  async attachTarget(organizationId: string, id: string, messageId: string): Promise<AttachTarget> {
    const ticket = await this.existing(this.deps.db, organizationId, id);
    return this.deps.threads.attachTarget(ticket, messageId, 'merchant');
  }

  attach(target: AttachTarget, file: StoredFile) {
    return this.deps.threads.attach(target, file);
  }

  async attachment(organizationId: string, id: string, attachmentId: string) {
    const ticket = await this.existing(this.deps.db, organizationId, id);
    return this.deps.threads.attachmentFile(ticket, attachmentId, false);
  }

  private async present(row: TicketRow): Promise<Ticket> {
    const messages = await this.deps.threads.messages(row, true);
    return {
      ...presentSummary(row),
      ...closingFields(row, this.deps.clock.now()),
      messages: messages.map(merchantMessage),
    };
  }

  private async existing(db: DbOrTx, organizationId: string, id: string, lock = false) {
    const row = await repository.findTicket(db, organizationId, id, lock);
    if (!row) throw notFound();
    return row;
  }
}
