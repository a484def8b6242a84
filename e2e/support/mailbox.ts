import { expect, type APIRequestContext } from '@playwright/test';

/** One message the app "sent": the dev outbox behind `GET /api/v1/dev/mailbox`. */
export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export interface WaitOptions {
  /** Only messages newer than this one (e.g. the code before a resend). */
  after?: MailboxMessage;
  channel?: MailboxMessage['channel'];
  /** How long to wait for the message to arrive, in ms. */
  timeout?: number;
}

/** Every message for a recipient (email address or phone number), newest first. */
export async function readMailbox(
  request: APIRequestContext,
  recipient: string,
): Promise<MailboxMessage[]> {
  const response = await request.get('/api/v1/dev/mailbox', { params: { recipient } });
  expect(response.status(), `GET /api/v1/dev/mailbox?recipient=${recipient}`).toBe(200);
  const { data } = (await response.json()) as { data: MailboxMessage[] };
  return [...data].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id),
  );
}

function isNewer(message: MailboxMessage, after: MailboxMessage | undefined): boolean {
  if (!after) return true;
  const delta = Date.parse(message.created_at) - Date.parse(after.created_at);
  return message.id !== after.id && delta >= 0;
}

/** Waits for the newest message to a recipient (optionally of a channel, newer than another). */
export async function latestMessage(
  request: APIRequestContext,
  recipient: string,
  options: WaitOptions = {},
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readMailbox(request, recipient);
        found = messages.find(
          (message) =>
            (!options.channel || message.channel === options.channel) &&
            isNewer(message, options.after),
        );
        return found !== undefined;
      },
      {
        message: `a ${options.channel ?? ''} message for ${recipient} in the dev mailbox`,
        timeout: options.timeout ?? 10_000,
      },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code in a message body. */
export function codeIn(message: MailboxMessage): string {
  const match = /\b(\d{6})\b/.exec(message.body);
  if (!match) throw new Error(`No 6-digit code in message ${message.id}: ${message.body}`);
  return match[1]!;
}

/** The first http(s) link in a message body (recovery, invitation…). */
export function linkIn(message: MailboxMessage): string {
  const match = /https?:\/\/[^\s"'<>)]+/.exec(message.body);
  if (!match) throw new Error(`No link in message ${message.id}: ${message.body}`);
  return match[0];
}

/** The newest 6-digit code sent by SMS to a phone number. */
export async function latestSmsCode(
  request: APIRequestContext,
  phone: string,
  options: Omit<WaitOptions, 'channel'> = {},
): Promise<string> {
  return codeIn(await latestMessage(request, phone, { ...options, channel: 'sms' }));
}

/** The newest 6-digit code sent by email to an address. */
export async function latestEmailCode(
  request: APIRequestContext,
  email: string,
  options: Omit<WaitOptions, 'channel'> = {},
): Promise<string> {
  return codeIn(await latestMessage(request, email, { ...options, channel: 'email' }));
}

/** The newest link (e.g. password recovery) mailed to an address. */
export async function latestEmailLink(
  request: APIRequestContext,
  email: string,
  options: Omit<WaitOptions, 'channel'> = {},
): Promise<string> {
  return linkIn(await latestMessage(request, email, { ...options, channel: 'email' }));
}
