import { WEBHOOK_RESPONSE_EXCERPT_CHARS, WEBHOOK_TIMEOUT_MS } from '@despacho/domain';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';

/** One attempt's outcome, as the log keeps it. */
export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  succeeded: boolean;
}

export interface SignedMessage {
  id: string;
  timestamp: Date;
  body: string;
}

/**
 * The Standard Webhooks headers: `webhook-signature` holds one `v1,<base64>` per secret given
 * (the current one, and the previous one during a rotation), separated by spaces; signed with
 * the `standardwebhooks` package, so a receiver verifies with the same.
 */
export function signedHeaders(message: SignedMessage, secrets: readonly string[]) {
  const signatures = secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.timestamp, message.body),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** What sends a delivery: `fetch`, or in production one whose connections reach public addresses only. */
export type PostMessage = (
  url: string,
  init: {
    method: 'POST';
    headers: Record<string, string>;
    body: string;
    redirect: 'manual';
    signal: AbortSignal;
  },
) => Promise<{ status: number; body: ReadableStream<Uint8Array> | null }>;

/** Reads at most the excerpt's length of an answer, so a huge body costs nothing. */
async function excerptOf(response: { body: ReadableStream<Uint8Array> | null }): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < WEBHOOK_RESPONSE_EXCERPT_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS);
}

/**
 * POSTs one signed message with a 15 s limit, redirects not followed (a redirect could lead to
 * an address the URL check refused). A 2xx is success; anything else, or no answer, a failure.
 */
export async function sendMessage(
  url: string,
  message: SignedMessage,
  secrets: readonly string[],
  post: PostMessage = fetch,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await post(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Despacho-Webhooks/1.0',
        ...signedHeaders(message, secrets),
      },
      body: message.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const responseExcerpt = await excerptOf(response);
    return {
      statusCode: response.status,
      latencyMs: elapsed(),
      responseExcerpt,
      succeeded: response.status >= 200 && response.status < 300,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      statusCode: null,
      latencyMs: elapsed(),
      responseExcerpt: timedOut
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : `Connection failed: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'unknown'}`.slice(
            0,
            WEBHOOK_RESPONSE_EXCERPT_CHARS,
          ),
      succeeded: false,
    };
  }
}
