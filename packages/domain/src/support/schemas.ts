import { z } from '../validation';
import { requiredText } from '../fields';

/** The consultant chat: one open conversation per organization with platform staff. */
export const SUPPORT_RULES = { messageMaxLength: 2000 } as const;

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MESSAGE_AUTHOR_KINDS = ['merchant', 'staff'] as const;
export type MessageAuthorKind = (typeof MESSAGE_AUTHOR_KINDS)[number];

/** `POST support/conversation/messages` and the staff answer. */
export const messageCreateSchema = z.object({ body: requiredText(SUPPORT_RULES.messageMaxLength) });
export type MessageCreate = z.infer<typeof messageCreateSchema>;

export const conversationMessageSchema = z.object({
  id: z.uuid(),
  author_kind: z.enum(MESSAGE_AUTHOR_KINDS),
  body: z.string(),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(CONVERSATION_STATUSES),
  created_at: z.string(),
  last_message_at: z.string(),
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;
