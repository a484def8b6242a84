import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP double of the part of Stripe's API the card processor uses, answering the documented
 * request and response shapes (form-encoded requests, JSON objects and `{ error }` bodies):
 * PaymentMethods by id, PaymentIntents created and confirmed under an `Idempotency-Key`, read
 * by id and found by metadata search. Stripe's documented test PaymentMethods
 * (`pm_card_visa`, `pm_card_chargeDeclined…`, `pm_card_authenticationRequired`) stand for the
 * cards; `fail` makes the next requests answer as Stripe does when it is not well.
 */

type CardOutcome =
  { approved: true } | { approved: false; code: string; decline_code?: string; message: string };

const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: CardOutcome }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: { approved: true } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: { approved: true } },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    outcome: {
      approved: false,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: {
      approved: false,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    outcome: { approved: false, code: 'expired_card', message: 'Your card has expired.' },
  },
  // With `error_on_requires_action`, a card that asks for 3-D Secure fails the attempt.
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    outcome: {
      approved: false,
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
  },
};

/** How the next requests fail: the whole answer, or no answer at all (`hang`). */
export type DoubleFailure =
  { status: number; body: string; headers?: Record<string, string> } | 'hang';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  created: number;
}

export class StripeDouble {
  private server: Server | undefined;
  private readonly intents = new Map<string, Intent>();
  /** Stored answers by Idempotency-Key, replayed as Stripe replays them. */
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private readonly failures: DoubleFailure[] = [];
  /** The refunds made, as Stripe lists them. */
  readonly refunds: { id: string; amount: number; payment_intent: string }[] = [];
  /** Every request as received: method, path and form or query fields. */
  readonly requests: {
    method: string;
    path: string;
    fields: URLSearchParams;
    headers: IncomingMessage['headers'];
  }[] = [];
  /** When Stripe says a PaymentMethod was made (seconds); tests move it. */
  createdAt = () => Math.floor(Date.now() / 1000);
  /** Whether a search finds a PaymentIntent yet (Stripe's search lags behind writes). */
  searchable = true;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  fail(...failures: DoubleFailure[]) {
    this.failures.push(...failures);
  }

  /** A PaymentIntent as Stripe keeps it (what a webhook event names). */
  intent(id: string): Intent | undefined {
    return this.intents.get(id);
  }

  /** The PaymentIntents made under our idempotency key, as the dashboard would list them. */
  intentsFor(key: string): Intent[] {
    return [...this.intents.values()].filter((intent) => intent.metadata.despacho_key === key);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const fields = new URLSearchParams(request.method === 'GET' ? url.search : raw);
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      fields,
      headers: request.headers,
    });
    const failure = this.failures.shift();
    if (failure === 'hang') return;
    if (failure) {
      response.writeHead(failure.status, {
        'content-type': 'application/json',
        ...failure.headers,
      });
      response.end(failure.body);
      return;
    }
    const answer = this.answer(request, url, fields);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': 'req_double',
    });
    response.end(answer.body);
  }

  private answer(request: IncomingMessage, url: URL, fields: URLSearchParams) {
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string') {
      const stored = this.idempotent.get(key);
      if (stored) return stored;
      const answer = this.route(request.method, url, fields);
      this.idempotent.set(key, answer);
      return answer;
    }
    return this.route(request.method ?? 'GET', url, fields);
  }

  private route(method: string, url: URL, fields: URLSearchParams) {
    const path = url.pathname;
    const expandMethod = [...fields.entries()].some(
      ([name, value]) => name.startsWith('expand[') && value.endsWith('payment_method'),
    );
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const found = this.method(match[1]!);
      return found ? ok(found) : missing('payment_method', match[1]!);
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.create(fields);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(fields);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const key = /metadata\['despacho_key'\]:'([^']+)'/.exec(fields.get('query') ?? '')?.[1];
      const data = this.searchable && key ? this.intentsFor(key) : [];
      return ok({
        object: 'search_result',
        url: '/v1/payment_intents/search',
        has_more: false,
        next_page: null,
        data: data.map((intent) => this.shown(intent, expandMethod)),
      });
    }
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = this.intents.get(match[1]!);
      return intent ? ok(this.shown(intent, expandMethod)) : missing('intent', match[1]!);
    }
    return {
      status: 404,
      body: JSON.stringify({
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}).`,
        },
      }),
    };
  }

  /** A refund of a succeeded PaymentIntent, at most what it has left to refund. */
  private refund(fields: URLSearchParams) {
    const intent = this.intents.get(fields.get('payment_intent') ?? '');
    if (!intent) return missing('payment_intent', fields.get('payment_intent') ?? '');
    const amount = Number(fields.get('amount') ?? intent.amount);
    const refunded = this.refunds
      .filter((one) => one.payment_intent === intent.id)
      .reduce((total, one) => total + one.amount, 0);
    if (intent.status !== 'succeeded' || refunded + amount > intent.amount) {
      return {
        status: 400,
        body: JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Refund amount is greater than unrefunded amount on charge.',
          },
        }),
      };
    }
    const refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    this.refunds.push(refund);
    return ok(refund);
  }

  private method(id: string) {
    const test = TEST_METHODS[id];
    if (!test) return null;
    return {
      id,
      object: 'payment_method',
      type: 'card',
      created: this.createdAt(),
      card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: 2034 },
    };
  }

  private shown(intent: Intent, expandMethod: boolean) {
    return expandMethod
      ? { ...intent, payment_method: this.method(intent.payment_method) }
      : intent;
  }

  private create(fields: URLSearchParams) {
    const methodId = fields.get('payment_method') ?? '';
    const test = TEST_METHODS[methodId];
    if (!test) return missing('payment_method', methodId);
    const metadata: Record<string, string> = {};
    for (const [name, value] of fields) {
      const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (key) metadata[key] = value;
    }
    const intent: Intent = {
      id: `pi_${randomBytes(12).toString('hex')}`,
      object: 'payment_intent',
      amount: Number(fields.get('amount')),
      currency: fields.get('currency') ?? '',
      status: test.outcome.approved ? 'succeeded' : 'requires_payment_method',
      description: fields.get('description'),
      metadata,
      payment_method: methodId,
      last_payment_error: test.outcome.approved
        ? null
        : {
            code: test.outcome.code,
            message: test.outcome.message,
            ...(test.outcome.decline_code ? { decline_code: test.outcome.decline_code } : {}),
          },
      created: this.createdAt(),
    };
    this.intents.set(intent.id, intent);
    const expand = [...fields.entries()].some(([name]) => name.startsWith('expand['));
    if (test.outcome.approved) return ok(this.shown(intent, expand));
    return {
      status: 402,
      body: JSON.stringify({
        error: {
          type: 'card_error',
          code: test.outcome.code,
          ...(test.outcome.decline_code ? { decline_code: test.outcome.decline_code } : {}),
          message: test.outcome.message,
          payment_intent: this.shown(intent, true),
          payment_method: this.method(methodId),
        },
      }),
    };
  }
}

const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
const missing = (param: string, id: string) => ({
  status: 404,
  body: JSON.stringify({
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${param}: '${id}'`,
    },
  }),
});
