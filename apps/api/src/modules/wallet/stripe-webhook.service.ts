import { stripeEventSchema, type cardWebhookAnswerSchema, type z } from '@despacho/domain';
import { z as zod } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ProviderError } from '../../platform/provider-calls';
import type { CardDepositsService } from './card-deposits.service';
import * as repository from './card-payments.repository';
import type { StripePaymentProvider } from './card-payments.stripe';
import * as deposits from './deposits.repository';

type Answer = z.infer<typeof cardWebhookAnswerSchema>['status'];

/** The events that tell how a card deposit's payment ended; any other is acknowledged. */
const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const depositIdOf = (key: string | undefined) => {
  const id = key?.startsWith('deposit:') ? key.slice('deposit:'.length) : '';
  return zod.uuid().safeParse(id).success ? id : null;
};

/**
 * Stripe's signed webhook (decision 034). A delivery is checked by the SDK, then its
 * PaymentIntent is read back from Stripe — the event only says which one to look at — and the
 * card deposit it belongs to is settled by the reconciliation's own step, with the event id
 * recorded in the same transaction so a replay settles nothing again.
 */
export class StripeWebhookService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      provider: StripePaymentProvider;
      cards: Pick<CardDepositsService, 'settleReported'>;
    },
  ) {}

  async receive(rawBody: Buffer, signature: string | string[] | undefined): Promise<Answer> {
    const { db, clock, provider, cards } = this.deps;
    const parsed = stripeEventSchema.safeParse(
      provider.verifyEvent(rawBody, signature, clock.now()),
    );
    if (!parsed.success) throw new AppError('VALIDATION_FAILED');
    const event = parsed.data;
    if (!SETTLING_EVENTS.has(event.type) || event.data.object.object !== 'payment_intent') {
      return 'ignored';
    }
    if (await repository.webhookEventSeen(db, 'stripe', event.id)) return 'duplicate';

    let reported;
    try {
      reported = await provider.paymentIntent(event.data.object.id);
    } catch (error) {
      // Stripe unreachable, or the payment still under way: the sweep settles it later.
      if (error instanceof ProviderError) return 'unresolved';
      throw error;
    }
    const depositId = depositIdOf(reported.key);
    const deposit = depositId ? await deposits.findDepositById(db, depositId) : undefined;
    if (!deposit || deposit.method !== 'card') return 'ignored';

    const outcome = await cards.settleReported(deposit, reported.charge, (tx) =>
      repository.claimWebhookEvent(tx, {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        receivedAt: clock.now(),
      }),
    );
    return outcome === 'settled elsewhere' ? 'duplicate' : outcome;
  }
}
