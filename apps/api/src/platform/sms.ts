export interface SmsMessage {
  /** Full number with country code: `+525512345678`. */
  to: string;
  text: string;
}

/**
 * Delivers one SMS. No provider is wired yet: without one, messages stay in the outbox (and
 * outside production the dev mailbox shows them).
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
