import type {
  CannedReply,
  PageMeta,
  StaffTicket,
  StaffTicketMessage,
  StaffTicketsQuery,
  StaffTicketSummary,
  TicketCategory,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { StoredFile } from '../../platform/files';
import type { Outbox } from '../../platform/outbox';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { SupportService } from './support.service';
import { ticketMail } from './ticket-mail';
import * as repository from './tickets.repository';
import type { TicketRow } from './tickets.repository';
import { closingFields, excerpt, presentMessage, presentStaffSummary } from './tickets.present';
import { TicketThreads, type AttachTarget } from './tickets.threads';

export interface HelpdeskDeps {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  audit: AuditLog;
  accounts: AccountsService;
  notifications: NotificationsService;
  events: DomainEvents;
  support: SupportService;
  threads: TicketThreads;
}

/** What the audit log keeps of a ticket before and after a staff action. */
function snapshot(row: TicketRow) {
  return {
    status: row.status,
    assignee_id: row.assigneeId,
    merged_into_id: row.mergedIntoId,
    close_reason: row.closeReason,
  };
}

/** `/staff/tickets`: platform staff answer every organization's tickets. */
export class HelpdeskService {
  constructor(private readonly deps: HelpdeskDeps) {}

  async queue(
    query: StaffTicketsQuery,
    staffUserId: string,
  ): Promise<{ data: StaffTicketSummary[]; meta: PageMeta; average_rating: number | null }> {
    const now = this.deps.clock.now();
    const { rows, total, averageRating } = await repository.queue(
      this.deps.db,
      query,
      staffUserId,
      now,
    );
    const names = await this.names(rows);
    return {
      data: rows.map((row) => presentStaffSummary(row, names, now)),
      meta: { page: query.page, pageSize: query.pageSize, total },
      average_rating: averageRating === null ? null : Math.round(averageRating * 10) / 10,
    };
  }

  async get(id: string): Promise<StaffTicket> {
    return this.present(await this.existing(this.deps.db, id));
  }

  /**
   * A staff reply. A public one is the first response when none came before, moves the ticket
   * to in progress, stops the response clock (it now waits on the merchant) and tells the
   * organization in the app and by mail. An internal note changes none of that.
   */
  async reply(
    id: string,
    staffUserId: string,
    input: { body: string; internal: boolean },
  ): Promise<StaffTicketMessage> {
    const { outbox, clock, accounts, notifications, audit, config } = this.deps;
    const message = await outbox.transaction(async (tx, queue) => {
      const ticket = await this.existing(tx, id, true);
      if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
      const now = clock.now();
      const row = await repository.insertMessage(tx, {
        organizationId: ticket.organizationId,
        ticketId: ticket.id,
        authorId: staffUserId,
        authorKind: 'staff',
        internal: input.internal,
        body: input.body,
        createdAt: now,
      });
      if (input.internal) return row;
      const after = await repository.updateTicket(tx, ticket, {
        ...TicketThreads.pausedClock(ticket, now),
        waitingOn: 'merchant',
        status: 'in_progress',
        firstResponseAt: ticket.firstResponseAt ?? now,
        lastActivityAt: now,
      });
      const link = `/app/support/ticket/${ticket.id}`;
      const params = { number: ticket.number, title: ticket.title, excerpt: excerpt(input.body) };
      await notifications.notify(
        ticket.organizationId,
        { kind: 'NOTIFICATION', content: { code: 'ticket_answer', params }, link },
        tx,
      );
      await this.deps.events.emit(
        tx,
        ticket.organizationId,
        'ticket.replied',
        { ticket_id: ticket.id, number: ticket.number },
        `ticket:${ticket.id}`,
      );
      const opener = await accounts.user(ticket.openedBy, tx);
      await queue({
        channel: 'email',
        recipient: opener.email,
        ...ticketMail('answer', { ...params, link: `${config.APP_URL}${link}` }, opener.language),
      });
      await audit.record(tx, {
        actorId: staffUserId,
        action: 'ticket.answer',
        subjectType: 'ticket',
        subjectId: ticket.id,
        organizationId: ticket.organizationId,
        before: snapshot(ticket),
        after: { ...snapshot(after), message: { id: row.id, body: row.body } },
      });
      return row;
    });
    const names = await accounts.userNames([staffUserId]);
    return presentMessage(message, [], names.get(staffUserId) ?? '');
  }

  /** Assigns the ticket to a staff member (or nobody); taking an opened ticket starts work on it. */
  async assign(id: string, staffUserId: string, assigneeId: string | null): Promise<StaffTicket> {
    if (assigneeId) {
      const assignee = await this.deps.accounts.findUser(assigneeId);
      if (!assignee?.isStaff) throw new AppError('TICKET_ASSIGNEE_INVALID');
    }
    return this.change(id, staffUserId, 'ticket.assign', (ticket) => ({
      assigneeId,
      ...(assigneeId && ticket.status === 'opened' && { status: 'in_progress' as const }),
    }));
  }

  /** Closes a duplicate into another open ticket of the same organization. */
  async merge(id: string, staffUserId: string, intoId: string): Promise<StaffTicket> {
    const into = await repository.findTicketAnywhere(this.deps.db, intoId);
    return this.change(id, staffUserId, 'ticket.merge', (ticket, now) => {
      if (
        !into ||
        into.id === ticket.id ||
        into.organizationId !== ticket.organizationId ||
        into.status === 'closed' ||
        ticket.status === 'closed'
      ) {
        throw new AppError('TICKET_MERGE_INVALID');
      }
      return {
        ...TicketThreads.pausedClock(ticket, now),
        mergedIntoId: into.id,
        status: 'closed',
        closedAt: now,
        closedBy: 'staff',
        closeReason: `#${into.number}`,
        lastActivityAt: now,
      };
    });
  }

  /** Closes the ticket with a reason; the organization is told and asked to rate it. */
  async close(id: string, staffUserId: string, reason: string): Promise<StaffTicket> {
    return this.change(id, staffUserId, 'ticket.close', (ticket, now, tx) => {
      if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
      return this.deps.notifications
        .notify(
          ticket.organizationId,
          {
            kind: 'NOTIFICATION',
            content: {
              code: 'ticket_closed',
              params: { number: ticket.number, title: ticket.title },
            },
            link: `/app/support/ticket/${ticket.id}`,
          },
          tx,
        )
        .then(() => ({
          ...TicketThreads.pausedClock(ticket, now),
          status: 'closed' as const,
          closedAt: now,
          closedBy: 'staff' as const,
          closeReason: reason,
          lastActivityAt: now,
        }));
    });
  }

  /** Turns an advisor chat into a ticket of its organization, its messages copied in order. */
  async fromConversation(
    conversationId: string,
    staffUserId: string,
    input: { title: string; category: TicketCategory },
  ): Promise<StaffTicket> {
    const ticket = await this.deps.db.transaction(async (tx) => {
      const transcript = await this.deps.support.transcript(conversationId, tx);
      const now = this.deps.clock.now();
      const row = await repository.insertTicket(tx, {
        organizationId: transcript.organizationId,
        openedBy: transcript.openedBy,
        title: input.title,
        category: input.category,
        status: 'in_progress',
        assigneeId: staffUserId,
        createdAt: now,
        lastActivityAt: now,
        waitingOn: 'staff',
        clockStartedAt: now,
      });
      for (const message of transcript.messages) {
        await repository.insertMessage(tx, {
          organizationId: row.organizationId,
          ticketId: row.id,
          authorId: message.authorId,
          authorKind: message.authorKind,
          body: message.body,
          createdAt: message.createdAt,
        });
      }
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action: 'ticket.open',
        subjectType: 'ticket',
        subjectId: row.id,
        organizationId: row.organizationId,
        before: null,
        after: { ...snapshot(row), conversation_id: conversationId },
      });
      return row;
    });
    return this.present(ticket);
  }

  async agents() {
    const staff = await this.deps.accounts.staffMembers();
    return staff.map((member) => ({ id: member.id, name: member.name ?? member.email }));
  }

  async attachTarget(id: string, messageId: string): Promise<AttachTarget> {
    const ticket = await this.existing(this.deps.db, id);
    return this.deps.threads.attachTarget(ticket, messageId, 'staff');
  }

  attach(target: AttachTarget, file: StoredFile) {
    return this.deps.threads.attach(target, file);
  }

  async attachment(id: string, attachmentId: string) {
    const ticket = await this.existing(this.deps.db, id);
    return this.deps.threads.attachmentFile(ticket, attachmentId, true);
  }

  async cannedReplies(): Promise<CannedReply[]> {
    const rows = await repository.cannedReplies(this.deps.db);
    return rows.map(({ id, title, body }) => ({ id, title, body }));
  }

  async addCannedReply(staffUserId: string, input: { title: string; body: string }) {
    const row = await repository.insertCannedReply(this.deps.db, {
      ...input,
      createdBy: staffUserId,
      createdAt: this.deps.clock.now(),
    });
    return { id: row.id, title: row.title, body: row.body };
  }

  async removeCannedReply(id: string): Promise<void> {
    if (!(await repository.deleteCannedReply(this.deps.db, id))) throw notFound();
  }

  /** One audited change of a locked ticket. */
  private async change(
    id: string,
    staffUserId: string,
    action: 'ticket.assign' | 'ticket.merge' | 'ticket.close',
    changes: (
      ticket: TicketRow,
      now: Date,
      tx: DbOrTx,
    ) => Partial<repository.NewTicket> | Promise<Partial<repository.NewTicket>>,
  ): Promise<StaffTicket> {
    const row = await this.deps.db.transaction(async (tx) => {
      const ticket = await this.existing(tx, id, true);
      const after = await repository.updateTicket(
        tx,
        ticket,
        await changes(ticket, this.deps.clock.now(), tx),
      );
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action,
        subjectType: 'ticket',
        subjectId: ticket.id,
        organizationId: ticket.organizationId,
        before: snapshot(ticket),
        after: snapshot(after),
      });
      return after;
    });
    return this.present(row);
  }

  private async names(rows: TicketRow[]) {
    const { accounts } = this.deps;
    const [organizations, users] = await Promise.all([
      accounts.organizationNames(rows.map((row) => row.organizationId)),
      accounts.userNames(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : []))),
    ]);
    return { organizations, users };
  }

  private async present(row: TicketRow): Promise<StaffTicket> {
    const now = this.deps.clock.now();
    const { can_reopen: _reopen, ...closing } = closingFields(row, now);
    return {
      ...presentStaffSummary(row, await this.names([row]), now),
      ...closing,
      messages: await this.deps.threads.messages(row, false),
    };
  }

  private async existing(db: DbOrTx, id: string, lock = false) {
    const row = await repository.findTicketAnywhere(db, id, lock);
    if (!row) throw notFound();
    return row;
  }
}
