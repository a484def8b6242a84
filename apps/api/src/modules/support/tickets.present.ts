import {
  businessMsBetween,
  canReopen,
  TICKET_RULES,
  type StaffTicketMessage,
  type StaffTicketSummary,
  type TicketAttachment,
  type TicketSummary,
} from '@despacho/domain';
import type { StoredFile } from '../../platform/files';
import type { TicketAttachmentRow, TicketMessageRow, TicketRow } from './tickets.repository';

const EXCERPT_LENGTH = 280;

export function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

export function presentSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    category: row.category,
    status: row.status,
    link: row.linkKind && row.linkId ? { kind: row.linkKind, id: row.linkId } : null,
    previous_ticket_id: row.previousTicketId,
    merged_into_id: row.mergedIntoId,
    created_at: row.createdAt.toISOString(),
    first_response_at: row.firstResponseAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    last_activity_at: row.lastActivityAt.toISOString(),
    rating: row.rating,
  };
}

export function closingFields(row: TicketRow, now: Date) {
  return {
    closed_by: row.closedBy,
    close_reason: row.closeReason,
    rating_comment: row.ratingComment,
    can_reopen: row.closedAt !== null && !row.mergedIntoId && canReopen(row.closedAt, now),
  };
}

/** Business time waiting on staff: the periods that ended, plus the one running until `at`. */
export function responseClockMs(row: TicketRow, at: Date): number {
  return row.clockMs + (row.clockStartedAt ? businessMsBetween(row.clockStartedAt, at) : 0);
}

function timing(businessMs: number, targetMs: number, done: boolean) {
  return {
    business_ms: businessMs,
    target_ms: targetMs,
    state: businessMs <= targetMs ? ('on_time' as const) : ('late' as const),
    done,
  };
}

/** First response and resolution against their targets, measured at `now` while they run. */
export function timings(row: TicketRow, now: Date) {
  const firstEnd = row.firstResponseAt ?? row.closedAt ?? now;
  return {
    waiting_on: row.waitingOn,
    first_response: timing(
      businessMsBetween(row.createdAt, firstEnd),
      TICKET_RULES.firstResponseTargetMs,
      firstEnd !== now,
    ),
    resolution: timing(
      responseClockMs(row, row.closedAt ?? now),
      TICKET_RULES.resolutionTargetMs,
      row.closedAt !== null,
    ),
  };
}

export function presentStaffSummary(
  row: TicketRow,
  names: { organizations: Map<string, string>; users: Map<string, string> },
  now: Date,
): StaffTicketSummary {
  return {
    ...presentSummary(row),
    organization_id: row.organizationId,
    organization_name: names.organizations.get(row.organizationId) ?? '',
    assignee: row.assigneeId
      ? { id: row.assigneeId, name: names.users.get(row.assigneeId) ?? '' }
      : null,
    ...timings(row, now),
  };
}

export function presentAttachment(row: TicketAttachmentRow, file: StoredFile): TicketAttachment {
  return { id: row.id, name: file.originalName, kind: file.kind, size: file.size };
}

/** A message with its own attachments; `internal` is kept for staff, dropped for merchants. */
export function presentMessage(
  row: TicketMessageRow,
  attachments: TicketAttachment[],
  authorName: string,
): StaffTicketMessage {
  return {
    id: row.id,
    author_kind: row.authorKind,
    author_name: authorName,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    attachments,
    internal: row.internal,
  };
}
