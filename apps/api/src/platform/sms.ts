export interface SmsMessage {
  /** Full number with country code: `+525512345678`. */
  to: string;
  text: string;
  /** Where the provider reports the message's delivery status (our signed webhook). */
  statusCallback?: string;
}

/** What the provider answered for a message it accepted. */
export interface SmsReceipt {
  /** Its id of the message, which its delivery reports name (Twilio's `SM…` SID). */
  providerMessageId: string;
}

/**
 * Delivers one SMS (`SMS_PROVIDER`, issue 27). Without one, messages stay in the outbox (and
 * outside production the dev mailbox shows them). A failure throws a `ProviderError`: a
 * retryable one is retried by the outbox's job, a `rejected` one (a wrong number) is not.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<SmsReceipt>;
}
