import {
  CARD_DECLINE_REASONS,
  cardBrand,
  SANDBOX_TEST_CARDS,
  type CardBrand,
  type CardDeclineCode,
  type CardToken,
} from '@despacho/domain';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import * as repository from './card-payments.repository';
import type {
  ChargeLookup,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
} from './payment-provider';

/** Where the sandbox's card element posts card data: beside the app, outside /api/v1. */
export const SANDBOX_TOKENS_PATH = '/sandbox/payments/tokens';
/** Publishable, like a provider's `pk_test_…`: it only identifies the sandbox to the browser. */
export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_despacho';
/** Tokens are short-lived, as providers' are: long enough to fill the form and confirm. */
const TOKEN_TTL_MS = 15 * 60_000;

type Outcome = 'approved' | CardDeclineCode;

/**
 * What the sandbox will answer for a card number (digits only): the documented test cards'
 * outcomes; any other valid number is declined, as a provider's test mode declines live cards.
 */
export function sandboxOutcome(digits: string): { brand: CardBrand; outcome: Outcome } {
  const card = SANDBOX_TEST_CARDS.find((test) => test.number === digits);
  return card
    ? { brand: card.brand, outcome: card.outcome }
    : { brand: cardBrand(digits), outcome: 'test_mode_live_card' };
}

const declined = (
  code: CardDeclineCode,
  extra: { paymentId?: string; cardBrand?: CardBrand; last4?: string } = {},
): ChargeResult => ({
  status: 'declined',
  code,
  reason: CARD_DECLINE_REASONS[code],
  ...extra,
});

function resultOf(row: repository.SandboxChargeRow): ChargeResult {
  const card =
    row.brand && row.last4 ? { cardBrand: row.brand as CardBrand, last4: row.last4 } : {};
  return row.status === 'approved'
    ? {
        status: 'approved',
        paymentId: row.id,
        cardBrand: row.brand as CardBrand,
        last4: row.last4!,
      }
    : declined(row.declineCode as CardDeclineCode, { paymentId: row.id, ...card });
}

/**
 * The built-in sandbox provider (PAYMENT_PROVIDER=sandbox). It plays the provider's servers
 * inside this process: `tokenize` is what its card element calls from the browser, `charge` is
 * what our deposit service calls. It keeps brand, last four and the test outcome of a card,
 * never the number or CVC, which are checked and dropped.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  /** A token lives 15 minutes from before the deposit is recorded; a minute of margin. */
  readonly chargeWindowMs = TOKEN_TTL_MS + 60_000;

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  publicConfig() {
    return {
      available: true,
      provider: 'sandbox',
      publishable_key: SANDBOX_PUBLISHABLE_KEY,
      sandbox: true,
      tokens_url: SANDBOX_TOKENS_PATH,
    };
  }

  /** Card details already validated (Luhn, future expiry, CVC) become a single-use token. */
  async tokenize(card: { card_number: string }): Promise<CardToken> {
    const { brand, outcome } = sandboxOutcome(card.card_number);
    const last4 = card.card_number.slice(-4);
    const now = this.deps.clock.now();
    const token = `tok_sandbox_${randomBytes(18).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
    await repository.insertToken(this.deps.db, {
      token,
      brand,
      last4,
      outcome,
      createdAt: now,
      expiresAt,
    });
    return { id: token, card: { brand, last4 }, expires_at: expiresAt.toISOString() };
  }

  /**
   * What the sandbox recorded under the key: the stored result a charge with that key answers,
   * or `not_found`. It serializes on the key as `charge` does, so a charge under way is waited
   * for rather than missed.
   */
  findCharge(idempotencyKey: string): Promise<ChargeLookup> {
    return this.deps.db.transaction(async (tx) => {
      await repository.lockIdempotencyKey(tx, idempotencyKey);
      const existing = await repository.findCharge(tx, idempotencyKey);
      return existing ? resultOf(existing) : { status: 'not_found' };
    });
  }

  /**
   * Redeems the token once and answers its test outcome. The idempotency key is taken under a
   * lock: the same key answers the stored result, so two calls for one deposit charge once.
   */
  charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.deps.db.transaction(async (tx) => {
      await repository.lockIdempotencyKey(tx, request.idempotencyKey);
      const existing = await repository.findCharge(tx, request.idempotencyKey);
      if (existing) return resultOf(existing);

      const now = this.deps.clock.now();
      const token = await repository.redeemToken(tx, request.token, now);
      let declineCode: CardDeclineCode | null = null;
      if (!token) {
        const known = await repository.findToken(tx, request.token);
        declineCode = known?.usedAt ? 'token_already_used' : 'invalid_token';
      } else if (request.currency !== 'MXN') {
        declineCode = 'processing_error';
      } else if (token.outcome !== 'approved') {
        declineCode = token.outcome as CardDeclineCode;
      }
      const row = await repository.insertCharge(tx, {
        id: `pay_sandbox_${randomBytes(12).toString('base64url')}`,
        idempotencyKey: request.idempotencyKey,
        token: request.token,
        amount: request.amountCentavos,
        currency: request.currency,
        status: declineCode ? 'declined' : 'approved',
        declineCode,
        brand: token?.brand ?? null,
        last4: token?.last4 ?? null,
        createdAt: now,
      });
      return resultOf(row);
    });
  }
}
