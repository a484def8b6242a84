import {
  CARD_BRANDS,
  CARD_DECLINE_REASONS,
  type CardBrand,
  type CardDeclineCode,
  type CardPaymentsConfig,
} from '@despacho/domain';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { ProviderError, type ProviderCalls } from '../../platform/provider-calls';
import {
  paymentProviderName,
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundRequest,
} from './payment-provider';

const PROVIDER = 'stripe';
/** Stripe's own tolerance for a webhook's signing time, which its SDK applies by default. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * A PaymentMethod made by Stripe.js is charged within this long of its creation or refused as
 * `invalid_token`: what bounds when a charge can still happen (`chargeWindowMs`), as the
 * sandbox's token lifetime does, since Stripe sets no expiry on an unused PaymentMethod.
 */
const PAYMENT_METHOD_MAX_AGE_MS = 60 * 60_000;
const CALL_TIMEOUT_MS = 15_000;
/** Where our idempotency key travels on the PaymentIntent, for reconciliation's search. */
const KEY_FIELD = 'despacho_key';

/** The fields of a PaymentIntent we read; anything else Stripe sends is ignored. */
const paymentIntentSchema = z.object({
  id: z.string().startsWith('pi_'),
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
    'canceled',
    'succeeded',
  ]),
  metadata: z.record(z.string(), z.string()).default({}),
  last_payment_error: z
    .object({ code: z.string().optional(), decline_code: z.string().optional() })
    .nullish(),
  payment_method: z
    .union([
      z.string(),
      z.object({
        card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }).nullish(),
      }),
    ])
    .nullish(),
});
type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** Stripe's error `code` and issuer `decline_code` onto ours; anything unknown is a decline. */
const DECLINE_CODES: Record<string, CardDeclineCode> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  authentication_required: 'authentication_required',
  processing_error: 'processing_error',
  test_mode_live_card: 'test_mode_live_card',
  resource_missing: 'invalid_token',
  payment_method_unexpected_state: 'token_already_used',
};

export function declineCode(error: { code?: string; decline_code?: string }): CardDeclineCode {
  return (
    DECLINE_CODES[error.decline_code ?? ''] ?? DECLINE_CODES[error.code ?? ''] ?? 'card_declined'
  );
}

function brandOf(brand: string): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';
}

const declined = (code: CardDeclineCode, paymentId?: string): ChargeResult => ({
  status: 'declined',
  code,
  reason: CARD_DECLINE_REASONS[code],
  ...(paymentId ? { paymentId } : {}),
});

/**
 * A PaymentIntent as our deposits read it: succeeded is approved, a failed attempt or a
 * cancellation declined; one still under way (processing, awaiting an action) has no answer
 * yet, which the caller meets as an `unavailable` provider and asks again later.
 */
export function chargeOf(intent: PaymentIntent): ChargeResult {
  const card = typeof intent.payment_method === 'object' ? intent.payment_method?.card : null;
  const shown = card ? { cardBrand: brandOf(card.brand), last4: card.last4 } : {};
  if (intent.status === 'succeeded') {
    if (!card) throw new ProviderError(PROVIDER, 'malformed', 'succeeded without its card');
    return {
      status: 'approved',
      paymentId: intent.id,
      cardBrand: shown.cardBrand!,
      last4: card.last4,
    };
  }
  if (intent.status === 'canceled') return { ...declined('processing_error', intent.id), ...shown };
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return { ...declined(declineCode(intent.last_payment_error), intent.id), ...shown };
  }
  throw new ProviderError(PROVIDER, 'unavailable', `payment ${intent.id} is ${intent.status}`);
}

/** A PaymentIntent as Stripe sent it, or `malformed` when a field we read is missing. */
function readIntent(value: unknown): PaymentIntent {
  const parsed = paymentIntentSchema.safeParse(value);
  if (!parsed.success) {
    throw new ProviderError(PROVIDER, 'malformed', 'a PaymentIntent without the fields we read');
  }
  return parsed.data;
}

/**
 * Stripe's answer about the card itself — a card error (402), or a PaymentMethod it does not
 * know — is a decline, not a failure of Stripe: answered as a result, so it is neither retried
 * nor counted against the provider's health.
 */
function answered<T>(promise: Promise<T>): Promise<T | ChargeResult> {
  return promise.catch((error: unknown) => {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // Only the card's own PaymentMethod is looked up under `answered`.
    const missingMethod = error.code === 'resource_missing';
    if (error.type !== 'StripeCardError' && !missingMethod) throw error;
    const card = error.payment_method?.card;
    return {
      ...declined(declineCode(error), error.payment_intent?.id),
      ...(card ? { cardBrand: brandOf(card.brand), last4: card.last4 } : {}),
    };
  });
}

const isDecline = (value: object): value is ChargeResult => 'reason' in value;

/** The SDK's failures as `ProviderError`s (card declines are answered before this). */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const details = {
    ...(error.statusCode ? { status: error.statusCode } : {}),
    ...(error.code ? { providerCode: error.code } : {}),
  };
  switch (error.type) {
    case 'StripeRateLimitError': {
      const seconds = Number(error.headers?.['retry-after']);
      const wait = Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {};
      return new ProviderError(PROVIDER, 'rate_limited', error.message, { ...details, ...wait });
    }
    case 'StripeConnectionError':
      return new ProviderError(PROVIDER, 'unavailable', error.message, details);
    case 'StripeAPIError':
      return new ProviderError(
        PROVIDER,
        /Invalid JSON/.test(error.message) ? 'malformed' : 'unavailable',
        error.message,
        details,
      );
    default:
      return new ProviderError(PROVIDER, 'rejected', error.message, details);
  }
}

/** The SDK's promise, given up when `run` aborts the call (its timeout). */
function abortable<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * What the page's Content-Security-Policy must allow for Stripe.js (its script, the frames
 * holding the card fields, its API), as Stripe documents it; nothing unless Stripe takes cards.
 */
export function cardProcessorSources(config: Config) {
  const on = paymentProviderName(config) === 'stripe';
  return {
    scriptSrc: on ? ['https://js.stripe.com'] : [],
    frameSrc: on ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
    connectSrc: on ? ['https://api.stripe.com'] : [],
  };
}

/** The SDK client; `STRIPE_API_BASE_URL` points it at an HTTP double. */
export function stripeClient(config: Config, timeoutMs: number): Stripe {
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    // ProviderCalls retries, with its backoff and its record of each failure.
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port,
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/**
 * Stripe as the card processor (decision 034). The browser's Stripe.js makes a PaymentMethod
 * from the card (our server never sees it); `charge` confirms a PaymentIntent for it at once,
 * under our idempotency key, refusing a charge that would need 3-D Secure
 * (`error_on_requires_action`: declined as `authentication_required`, nothing taken).
 * Reconciliation finds a charge by our key in the PaymentIntent's metadata.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly chargeWindowMs = PAYMENT_METHOD_MAX_AGE_MS + 60_000;
  private readonly stripe: Stripe;
  private readonly timeoutMs: number;

  constructor(
    private readonly deps: { config: Config; clock: Clock; providerCalls: ProviderCalls },
    /** How long one call may take (tests shorten it). */
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
    this.stripe = stripeClient(deps.config, this.timeoutMs);
  }

  publicConfig(): CardPaymentsConfig {
    return {
      available: true,
      provider: PROVIDER,
      publishable_key: this.deps.config.STRIPE_PUBLISHABLE_KEY!,
      // Test-mode keys charge nothing real, as the sandbox; Stripe's test cards apply.
      sandbox: this.deps.config.STRIPE_SECRET_KEY!.includes('_test_'),
      tokens_url: null,
    };
  }

  private call<T>(operation: string, request: () => Promise<T>, retries = 2): Promise<T> {
    return this.deps.providerCalls.run(
      { kind: 'payments', provider: PROVIDER, operation },
      (signal) =>
        abortable(signal, request()).catch((error) => Promise.reject(providerError(error))),
      { timeoutMs: this.timeoutMs, retries },
    );
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!request.token.startsWith('pm_')) return declined('invalid_token');
    const method = await this.call('retrieve_payment_method', () =>
      answered(this.stripe.paymentMethods.retrieve(request.token)),
    );
    if (isDecline(method)) return method;
    const created = z.number().int().safeParse(method.created);
    if (!created.success) {
      throw new ProviderError(PROVIDER, 'malformed', 'a PaymentMethod without its creation time');
    }
    const age = this.deps.clock.now().getTime() - created.data * 1000;
    if (age > PAYMENT_METHOD_MAX_AGE_MS) return declined('invalid_token');
    return this.call('create_payment_intent', async () => {
      const intent = await answered(
        this.stripe.paymentIntents.create(
          {
            amount: request.amountCentavos,
            currency: request.currency.toLowerCase(),
            payment_method: request.token,
            allowed_payment_method_types: ['card'],
            confirm: true,
            error_on_requires_action: true,
            description: request.description,
            metadata: { [KEY_FIELD]: request.idempotencyKey },
            expand: ['payment_method'],
          },
          // Ours: a retry (ProviderCalls', or the merchant's) answers the first result.
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return isDecline(intent) ? intent : chargeOf(readIntent(intent));
    });
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const refund = await this.call('create_refund', () =>
      this.stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountCentavos,
          metadata: { [KEY_FIELD]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    const id = z.string().startsWith('re_').safeParse(refund.id);
    if (!id.success) throw new ProviderError(PROVIDER, 'malformed', 'a refund without its id');
    return { refundId: id.data };
  }

  findCharge(idempotencyKey: string): Promise<ChargeLookup> {
    return this.call('search_payment_intents', async () => {
      const found = await this.stripe.paymentIntents.search({
        query: `metadata['${KEY_FIELD}']:'${idempotencyKey}'`,
        expand: ['data.payment_method'],
      });
      const intents = found.data.map(readIntent);
      // One per key; should two exist, a succeeded one is the charge.
      const intent = intents.find((one) => one.status === 'succeeded') ?? intents[0];
      return intent ? chargeOf(intent) : { status: 'not_found' as const };
    });
  }

  /** A PaymentIntent by its id, read back from Stripe (what a webhook event names). */
  async paymentIntent(id: string): Promise<{ key: string | undefined; charge: ChargeResult }> {
    const intent = readIntent(
      await this.call('retrieve_payment_intent', () =>
        this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }),
      ),
    );
    return { key: intent.metadata[KEY_FIELD], charge: chargeOf(intent) };
  }

  /**
   * A webhook delivery checked by the SDK over its raw bytes, signed within Stripe's tolerance
   * of our clock: WEBHOOK_SIGNATURE_INVALID or WEBHOOK_TIMESTAMP_STALE otherwise.
   */
  verifyEvent(rawBody: Buffer, header: string | string[] | undefined, now: Date): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(
        rawBody,
        typeof header === 'string' ? header : '',
        this.deps.config.STRIPE_WEBHOOK_SECRET!,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // In milliseconds: the SDK works the event's age out from it.
        now.getTime(),
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      throw new AppError(
        /tolerance/.test(error.message) ? 'WEBHOOK_TIMESTAMP_STALE' : 'WEBHOOK_SIGNATURE_INVALID',
      );
    }
  }
}
