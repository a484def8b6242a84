import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  cannedReplyCreateSchema,
  cannedReplySchema,
  staffTicketMessageSchema,
  staffTicketReplySchema,
  staffTicketSchema,
  staffTicketsQuerySchema,
  staffTicketSummarySchema,
  supportAgentSchema,
  ticketAssignSchema,
  ticketAttachmentParamsSchema,
  ticketAttachmentSchema,
  ticketCloseSchema,
  ticketCreateSchema,
  ticketFromConversationSchema,
  ticketMergeSchema,
  ticketMessageParamsSchema,
  ticketMessageSchema,
  ticketRatingSchema,
  ticketReplySchema,
  ticketSchema,
  ticketsQuerySchema,
  ticketSummarySchema,
  TICKET_RULES,
} from './tickets';

const access = 'help';
const ticketAnswer = z.object({ data: ticketSchema });
const upload = { field: TICKET_RULES.attachmentField };
const uploadDescription =
  'multipart/form-data with the file `file` (PDF, JPEG or PNG, at most 1 MB, type read from its content); at most 5 per message, onto a message of the caller’s side.';

/**
 * `support/tickets` and `support/ticket/{id}` (spec §2, menu Help). The API implements it in
 * modules/support/tickets.routes.ts, the web calls it from features/support/tickets-api.ts.
 */
export const ticketsContract = defineContract('tickets', {
  list: defineOperation({
    method: 'GET',
    path: '/support/tickets',
    access,
    tags: ['support'],
    query: ticketsQuerySchema,
    responses: { 200: pageSchema(ticketSummarySchema) },
  }),
  open: defineOperation({
    method: 'POST',
    path: '/support/tickets',
    access,
    tags: ['support'],
    summary: 'Opens a ticket; its description is the first message',
    body: ticketCreateSchema,
    responses: { 201: ticketAnswer },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/support/tickets/:id',
    access,
    tags: ['support'],
    params: idParamsSchema,
    responses: { 200: ticketAnswer },
  }),
  reply: defineOperation({
    method: 'POST',
    path: '/support/tickets/:id/messages',
    access,
    tags: ['support'],
    description:
      'Reopens a ticket closed less than 7 days ago; later, 409 TICKET_REOPEN_EXPIRED (open a new ticket naming it in previous_ticket_id).',
    params: idParamsSchema,
    body: ticketReplySchema,
    responses: { 201: z.object({ data: ticketMessageSchema }) },
  }),
  attach: defineOperation({
    method: 'POST',
    path: '/support/tickets/:id/messages/:messageId/attachments',
    access,
    tags: ['support'],
    description: uploadDescription,
    params: ticketMessageParamsSchema,
    upload,
    responses: { 201: z.object({ data: ticketAttachmentSchema }) },
  }),
  attachment: defineOperation({
    method: 'GET',
    path: '/support/tickets/:id/attachments/:attachmentId',
    access,
    tags: ['support'],
    params: ticketAttachmentParamsSchema,
    download: true,
  }),
  close: defineOperation({
    method: 'POST',
    path: '/support/tickets/:id/close',
    access,
    tags: ['support'],
    summary: 'The merchant closes the ticket as resolved',
    params: idParamsSchema,
    responses: { 200: ticketAnswer },
  }),
  rate: defineOperation({
    method: 'POST',
    path: '/support/tickets/:id/rating',
    access,
    tags: ['support'],
    params: idParamsSchema,
    body: ticketRatingSchema,
    responses: { 200: ticketAnswer },
  }),
});

const staff = 'staff';
const staffTicketAnswer = z.object({ data: staffTicketSchema });

/**
 * The helpdesk of the operators' console (`/staff/tickets`). The API implements it in
 * modules/support/staff-tickets.routes.ts, the web calls it from features/support/staff-tickets-api.ts.
 */
export const staffTicketsContract = defineContract('staff-tickets', {
  queue: defineOperation({
    method: 'GET',
    path: '/staff/tickets',
    access: staff,
    tags: ['staff'],
    query: staffTicketsQuerySchema,
    responses: {
      200: pageSchema(staffTicketSummarySchema).extend({
        /** Over every rated ticket the filters select, not only this page. */
        average_rating: z.number().nullable(),
      }),
    },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/staff/tickets/:id',
    access: staff,
    tags: ['staff'],
    params: idParamsSchema,
    responses: { 200: staffTicketAnswer },
  }),
  reply: defineOperation({
    method: 'POST',
    path: '/staff/tickets/:id/messages',
    access: staff,
    tags: ['staff'],
    description:
      'A public reply (the merchant is notified) or, with `internal`, a staff-only note.',
    params: idParamsSchema,
    body: staffTicketReplySchema,
    responses: { 201: z.object({ data: staffTicketMessageSchema }) },
  }),
  attach: defineOperation({
    method: 'POST',
    path: '/staff/tickets/:id/messages/:messageId/attachments',
    access: staff,
    tags: ['staff'],
    description: uploadDescription,
    params: ticketMessageParamsSchema,
    upload,
    responses: { 201: z.object({ data: ticketAttachmentSchema }) },
  }),
  attachment: defineOperation({
    method: 'GET',
    path: '/staff/tickets/:id/attachments/:attachmentId',
    access: staff,
    tags: ['staff'],
    params: ticketAttachmentParamsSchema,
    download: true,
  }),
  assign: defineOperation({
    method: 'POST',
    path: '/staff/tickets/:id/assign',
    access: staff,
    tags: ['staff'],
    params: idParamsSchema,
    body: ticketAssignSchema,
    responses: { 200: staffTicketAnswer },
  }),
  merge: defineOperation({
    method: 'POST',
    path: '/staff/tickets/:id/merge',
    access: staff,
    tags: ['staff'],
    summary: 'Closes a duplicate into another ticket of the same organization',
    params: idParamsSchema,
    body: ticketMergeSchema,
    responses: { 200: staffTicketAnswer },
  }),
  close: defineOperation({
    method: 'POST',
    path: '/staff/tickets/:id/close',
    access: staff,
    tags: ['staff'],
    params: idParamsSchema,
    body: ticketCloseSchema,
    responses: { 200: staffTicketAnswer },
  }),
  fromConversation: defineOperation({
    method: 'POST',
    path: '/staff/conversations/:id/ticket',
    access: staff,
    tags: ['staff'],
    summary: 'Turns an advisor chat into a ticket of its organization, its messages copied',
    params: idParamsSchema,
    body: ticketFromConversationSchema,
    responses: { 201: staffTicketAnswer },
  }),
  agents: defineOperation({
    method: 'GET',
    path: '/staff/support-agents',
    access: staff,
    tags: ['staff'],
    responses: { 200: z.object({ data: z.array(supportAgentSchema) }) },
  }),
  cannedReplies: defineOperation({
    method: 'GET',
    path: '/staff/canned-replies',
    access: staff,
    tags: ['staff'],
    responses: { 200: z.object({ data: z.array(cannedReplySchema) }) },
  }),
  addCannedReply: defineOperation({
    method: 'POST',
    path: '/staff/canned-replies',
    access: staff,
    tags: ['staff'],
    body: cannedReplyCreateSchema,
    responses: { 201: z.object({ data: cannedReplySchema }) },
  }),
  removeCannedReply: defineOperation({
    method: 'DELETE',
    path: '/staff/canned-replies/:id',
    access: staff,
    tags: ['staff'],
    params: idParamsSchema,
    responses: { 204: null },
  }),
});
