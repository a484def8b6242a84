import { TICKET_RULES, type StaffTicketMessage, type TicketAuthorKind } from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore, ReceiveOptions, StoredFile } from '../../platform/files';
import type { AccountsService } from '../accounts';
import * as repository from './tickets.repository';
import type { TicketMessageRow, TicketRow } from './tickets.repository';
import { presentAttachment, presentMessage, responseClockMs } from './tickets.present';

export const TICKET_FILE_PURPOSE = 'support.ticket';

export interface ThreadsDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  accounts: AccountsService;
}

/** Where an upload goes: a message of the caller's side, on a ticket still open. */
export interface AttachTarget {
  ticket: TicketRow;
  message: TicketMessageRow;
}

/**
 * What the merchant's tickets and the helpdesk share: a ticket's conversation with its
 * attachments, uploads onto a message, and the response clock's moves.
 */
export class TicketThreads {
  constructor(private readonly deps: ThreadsDeps) {}

  /** The messages (public ones only for a merchant), each with its own attachments. */
  async messages(ticket: TicketRow, publicOnly: boolean): Promise<StaffTicketMessage[]> {
    const { db, files, accounts } = this.deps;
    const rows = await repository.messagesOf(db, ticket, publicOnly);
    const attachments = await repository.attachmentsOf(
      db,
      ticket.organizationId,
      rows.map((row) => row.id),
    );
    const stored = new Map(
      (
        await files.findMany(
          ticket.organizationId,
          attachments.map((row) => row.fileId),
          TICKET_FILE_PURPOSE,
        )
      ).map((file) => [file.id, file]),
    );
    const names = await accounts.userNames(rows.map((row) => row.authorId));
    return rows.map((row) =>
      presentMessage(
        row,
        attachments
          .filter((attachment) => attachment.messageId === row.id && stored.has(attachment.fileId))
          .map((attachment) => presentAttachment(attachment, stored.get(attachment.fileId)!)),
        names.get(row.authorId) ?? '',
      ),
    );
  }

  /** Checks an upload's target before the file is read: nothing is stored for a refused one. */
  async attachTarget(
    ticket: TicketRow,
    messageId: string,
    side: TicketAuthorKind,
  ): Promise<AttachTarget> {
    return this.deps.db.transaction(async (tx) => {
      const message = await repository.findMessage(tx, ticket, messageId);
      if (!message || message.authorKind !== side) throw notFound();
      if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
      await this.checkRoom(tx, message);
      return { ticket, message };
    });
  }

  uploadOptions(target: AttachTarget, userId: string): ReceiveOptions {
    return {
      organizationId: target.ticket.organizationId,
      purpose: TICKET_FILE_PURPOSE,
      allowed: ['pdf', 'jpeg', 'png'],
      field: TICKET_RULES.attachmentField,
      uploadedBy: userId,
    };
  }

  /** Links a stored upload to its message; a message already full (a race) forgets the file. */
  async attach(target: AttachTarget, file: StoredFile) {
    try {
      return await this.deps.db.transaction(async (tx) => {
        const message = await repository.findMessage(tx, target.ticket, target.message.id);
        if (!message) throw notFound();
        await this.checkRoom(tx, message);
        const row = await repository.insertAttachment(tx, {
          organizationId: message.organizationId,
          ticketId: message.ticketId,
          messageId: message.id,
          fileId: file.id,
          createdAt: this.deps.clock.now(),
        });
        return presentAttachment(row, file);
      });
    } catch (error) {
      await this.deps.files.remove(file);
      throw error;
    }
  }

  private async checkRoom(tx: DbOrTx, message: TicketMessageRow) {
    const present = await repository.attachmentsOf(tx, message.organizationId, [message.id]);
    if (present.length >= TICKET_RULES.attachmentsPerMessage) {
      throw new AppError('TICKET_ATTACHMENTS_FULL', { max: TICKET_RULES.attachmentsPerMessage });
    }
  }

  /** The stored file of an attachment; an internal note's stays hidden unless `staff`. */
  async attachmentFile(ticket: TicketRow, attachmentId: string, staff: boolean) {
    const found = await repository.findAttachment(this.deps.db, ticket, attachmentId);
    if (!found || (found.internal && !staff)) throw notFound();
    return this.deps.files.find(ticket.organizationId, found.attachment.fileId);
  }

  /** The clock stops: the ticket now waits on the merchant (or is closed). */
  static pausedClock(ticket: TicketRow, now: Date) {
    return { clockMs: responseClockMs(ticket, now), clockStartedAt: null };
  }

  /** The clock runs again from `now`, waiting on staff. */
  static resumedClock(ticket: TicketRow, now: Date) {
    return ticket.clockStartedAt ? {} : { waitingOn: 'staff' as const, clockStartedAt: now };
  }
}
