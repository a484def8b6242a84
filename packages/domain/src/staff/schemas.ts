import { z } from '../validation';
import { paginationQuerySchema } from '../pagination';
import {
  CONVERSATION_STATUSES,
  conversationMessageSchema,
  conversationSchema,
} from '../support/schemas';

/** The operators' console (`/staff`): consultant chats of every organization. */
export const staffConversationsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(CONVERSATION_STATUSES, { error: 'one_of' }).optional(),
});
export type StaffConversationsQuery = z.infer<typeof staffConversationsQuerySchema>;

const organizationFields = { organization_id: z.uuid(), organization_name: z.string() };

export const staffConversationSummarySchema = conversationSchema.omit({ messages: true }).extend({
  ...organizationFields,
  last_message: conversationMessageSchema.nullable(),
});
export type StaffConversationSummary = z.infer<typeof staffConversationSummarySchema>;

export const staffConversationSchema = conversationSchema.extend(organizationFields);
export type StaffConversation = z.infer<typeof staffConversationSchema>;
