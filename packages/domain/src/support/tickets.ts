import { requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { businessHours } from './business-hours';

/** Support tickets (spec §3 "Support ticket", §4 statuses): what both sides share. */
export const TICKET_RULES = {
  titleMaxLength: 120,
  bodyMaxLength: 5000,
  /** Attachments per message: PDF, JPEG or PNG, at most 1 MB each (spec §5), type sniffed. */
  attachmentsPerMessage: 5,
  attachmentField: 'file',
  /** A merchant's reply reopens a closed ticket within these days; later, a new ticket links it. */
  reopenDays: 7,
  reasonMaxLength: 500,
  ratingCommentMaxLength: 1000,
  /** Targets, in business hours (business-hours.ts). */
  firstResponseTargetMs: businessHours(4),
  resolutionTargetMs: businessHours(27),
} as const;

export const TICKET_CATEGORIES = [
  'shipment',
  'pickup',
  'cancellation_refund',
  'balance_deposits',
  'billing',
  'warehouse',
  'orders_stores',
  'classification_embarques',
  'account',
  'other',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['opened', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The merchant's records a ticket can be about. Embarques are left out until that domain exists.
 */
export const TICKET_LINK_KINDS = ['shipment', 'deposit', 'invoice', 'order', 'entry'] as const;
export type TicketLinkKind = (typeof TICKET_LINK_KINDS)[number];

export const TICKET_AUTHOR_KINDS = ['merchant', 'staff'] as const;
export type TicketAuthorKind = (typeof TICKET_AUTHOR_KINDS)[number];

/** Who the ticket waits on: the response clock runs only while it waits on staff. */
export const TICKET_WAITING_ON = ['staff', 'merchant'] as const;

/** Whether a closed ticket can still be reopened by the merchant's reply at `now`. */
export function canReopen(closedAt: Date, now: Date): boolean {
  return now.getTime() - closedAt.getTime() <= TICKET_RULES.reopenDays * 24 * 60 * 60 * 1000;
}

const linkSchema = z.object({
  kind: z.enum(TICKET_LINK_KINDS, { error: 'one_of' }),
  id: z.uuid({ error: 'invalid' }),
});

/** `POST support/tickets`: attachments follow, one upload each, onto the first message. */
export const ticketCreateSchema = z.object({
  title: requiredText(TICKET_RULES.titleMaxLength),
  category: z.enum(TICKET_CATEGORIES, { error: 'one_of' }),
  description: requiredText(TICKET_RULES.bodyMaxLength),
  link: linkSchema.optional(),
  /** A closed ticket this one follows (its reopen window passed). */
  previous_ticket_id: z.uuid({ error: 'invalid' }).optional(),
});
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

export const ticketReplySchema = z.object({ body: requiredText(TICKET_RULES.bodyMaxLength) });
export type TicketReply = z.infer<typeof ticketReplySchema>;

export const ticketRatingSchema = z.object({
  rating: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1).max(5),
  comment: z.string().trim().max(TICKET_RULES.ratingCommentMaxLength).optional(),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

export const ticketMessageParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  messageId: z.uuid({ error: 'invalid' }),
});
export const ticketAttachmentParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  attachmentId: z.uuid({ error: 'invalid' }),
});

export const ticketsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(TICKET_STATUSES, { error: 'one_of' }).optional(),
  category: z.enum(TICKET_CATEGORIES, { error: 'one_of' }).optional(),
  /** The ticket's number or words of its title. */
  search: z.string().trim().max(100).optional(),
  from: z.iso.date({ error: 'invalid' }).optional(),
  to: z.iso.date({ error: 'invalid' }).optional(),
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  author_kind: z.enum(TICKET_AUTHOR_KINDS),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  link: linkSchema.nullable(),
  previous_ticket_id: z.uuid().nullable(),
  merged_into_id: z.uuid().nullable(),
  created_at: z.string(),
  first_response_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  last_activity_at: z.string(),
  rating: z.number().int().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({
  closed_by: z.enum(TICKET_AUTHOR_KINDS).nullable(),
  close_reason: z.string().nullable(),
  rating_comment: z.string().nullable(),
  /** Closed, and a reply still reopens it; otherwise the merchant opens a new linked ticket. */
  can_reopen: z.boolean(),
  messages: z.array(ticketMessageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The helpdesk's view (`/staff/tickets`). */
export const TICKET_TARGET_STATES = ['on_time', 'late'] as const;
export const TICKET_AGE_FILTERS = ['under_4h', 'under_1d', 'under_3d', 'older'] as const;

export const staffTicketsQuerySchema = ticketsQuerySchema.extend({
  age: z.enum(TICKET_AGE_FILTERS, { error: 'one_of' }).optional(),
  assignee: z.enum(['me', 'unassigned'], { error: 'one_of' }).optional(),
});
export type StaffTicketsQuery = z.infer<typeof staffTicketsQuerySchema>;

/** A time against its target: `done` once measured for good (answered, closed). */
const timingSchema = z.object({
  business_ms: z.number().int(),
  target_ms: z.number().int(),
  state: z.enum(TICKET_TARGET_STATES),
  done: z.boolean(),
});

export const staffTicketSummarySchema = ticketSummarySchema.extend({
  organization_id: z.uuid(),
  organization_name: z.string(),
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  waiting_on: z.enum(TICKET_WAITING_ON),
  first_response: timingSchema,
  resolution: timingSchema,
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

export const staffTicketMessageSchema = ticketMessageSchema.extend({ internal: z.boolean() });
export type StaffTicketMessage = z.infer<typeof staffTicketMessageSchema>;

export const staffTicketSchema = staffTicketSummarySchema.extend({
  closed_by: z.enum(TICKET_AUTHOR_KINDS).nullable(),
  close_reason: z.string().nullable(),
  rating_comment: z.string().nullable(),
  messages: z.array(staffTicketMessageSchema),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffTicketReplySchema = ticketReplySchema.extend({
  /** An internal note: staff only, with staff-only attachments. */
  internal: z.boolean().default(false),
});
export const ticketAssignSchema = z.object({
  assignee_id: z.uuid({ error: 'invalid' }).nullable(),
});
export const ticketMergeSchema = z.object({ into_id: z.uuid({ error: 'invalid' }) });
export const ticketCloseSchema = z.object({
  reason: requiredText(TICKET_RULES.reasonMaxLength),
});
export const ticketFromConversationSchema = z.object({
  title: requiredText(TICKET_RULES.titleMaxLength),
  category: z.enum(TICKET_CATEGORIES, { error: 'one_of' }),
});

export const cannedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyCreateSchema = z.object({
  title: requiredText(80),
  body: requiredText(TICKET_RULES.bodyMaxLength),
});

export const supportAgentSchema = z.object({ id: z.uuid(), name: z.string() });
