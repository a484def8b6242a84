import { z } from '../validation';

/**
 * Outside production, `GET dev/mailbox` lists every mail and SMS the app wrote, newest first.
 * SMS recipients are the full number with country code (`+525512345678`), emails lower-case.
 */
export const mailboxQuerySchema = z.object({ recipient: z.string().trim().min(1).optional() });

export const mailboxMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
