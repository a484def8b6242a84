import { twilioStatusContract } from '@despacho/domain';
import twilio from 'twilio';
import type { RequestOptions } from 'twilio/lib/base/RequestClient';
import type { Config } from '../config';
import type { ProviderCalls } from './provider-calls';
import { ProviderError } from './provider-calls';
import type { SmsMessage, SmsProvider, SmsReceipt } from './sms';

/** Where the SDK sends every REST call; `baseUrl` replaces it (an HTTP double in tests). */
const TWILIO_API = 'https://api.twilio.com';
const PROVIDER = 'twilio';
const SEND_TIMEOUT_MS = 10_000;

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (`MG…`) picks the sender; else the number or sender id `from`. */
  messagingServiceSid?: string;
  from?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** The SDK's HTTP client, sending to `baseUrl` instead of Twilio's hosts. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.baseUrl}${uri.pathname}${uri.search}` });
  }
}

/** The SDK's failure, as our code reacts to it; the message never holds the credentials. */
export function twilioError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof twilio.RestException) {
    const details = {
      status: error.status,
      providerCode: error.code ? String(error.code) : undefined,
    };
    const message = error.message || `HTTP ${error.status}`;
    if (error.status === 429) return new ProviderError(PROVIDER, 'rate_limited', message, details);
    if (error.status >= 500) return new ProviderError(PROVIDER, 'unavailable', message, details);
    // 21211 an invalid number, 21610 one that opted out, 20003 wrong credentials: no retry helps.
    return new ProviderError(PROVIDER, 'rejected', message, details);
  }
  if (error instanceof SyntaxError) return new ProviderError(PROVIDER, 'malformed', error.message);
  // Refused connections, resets, DNS: axios's own message names the cause, never the headers.
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(PROVIDER, 'unavailable', message);
}

/** Settles with `work`, or rejects as soon as `signal` aborts (the SDK takes no signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('aborted'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * SMS through Twilio's Programmable Messaging with its official SDK (issue 27): one message per
 * call, timed and recorded by `ProviderCalls`. Not retried here, since Twilio takes no
 * idempotency key for messages: the outbox's job retries what may be retried.
 */
export class TwilioSms implements SmsProvider {
  private readonly client: twilio.Twilio;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly providerCalls: ProviderCalls,
  ) {
    this.timeoutMs = settings.timeoutMs ?? SEND_TIMEOUT_MS;
    this.client = twilio(settings.accountSid, settings.authToken, {
      // Nothing read from the environment (TWILIO_LOG_LEVEL=debug would print requests).
      env: {},
      autoRetry: false,
      httpClient: new RebasedRequestClient(settings.baseUrl ?? TWILIO_API, this.timeoutMs),
    });
  }

  send(message: SmsMessage): Promise<SmsReceipt> {
    const { messagingServiceSid, from } = this.settings;
    return this.providerCalls.run(
      { kind: 'sms', provider: PROVIDER, operation: 'send' },
      async (signal) => {
        try {
          const created = await untilAborted(
            this.client.messages.create({
              to: message.to,
              body: message.text,
              ...(messagingServiceSid ? { messagingServiceSid } : { from: from! }),
              ...(message.statusCallback ? { statusCallback: message.statusCallback } : {}),
            }),
            signal,
          );
          if (typeof created?.sid !== 'string' || !created.sid) {
            throw new ProviderError(PROVIDER, 'malformed', 'answer without a message sid');
          }
          return { providerMessageId: created.sid };
        } catch (error) {
          if (signal.aborted) throw error;
          throw twilioError(error);
        }
      },
      { timeoutMs: this.timeoutMs },
    );
  }
}

/** The public address Twilio posts delivery reports to, and signs. */
export function twilioStatusUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}/api/v1${twilioStatusContract.receive.path}`;
}

/** The SMS provider `SMS_PROVIDER` names, or none: messages then stay in the outbox. */
export function smsProviderOf(config: Config, providerCalls: ProviderCalls): TwilioSms | null {
  if (config.SMS_PROVIDER !== 'twilio') return null;
  // The start-up check (config.ts) has made sure these are set.
  return new TwilioSms(
    {
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      from: config.TWILIO_FROM,
      baseUrl: config.TWILIO_API_BASE_URL,
    },
    providerCalls,
  );
}
