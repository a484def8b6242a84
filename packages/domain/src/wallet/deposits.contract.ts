import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  cardDepositSchema,
  cardPaymentsConfigSchema,
  cardWebhookAnswerSchema,
  STRIPE_WEBHOOK_SIGNATURE_HEADER,
  stripeEventSchema,
} from './card-payments';
import { depositsQuerySchema, depositViewSchema, speiAccountSchema } from './deposits';
import { DEPOSIT_VOUCHER_RULES } from './spei';

const access = 'finances.deposits';
const depositAnswer = z.object({ data: depositViewSchema });

/**
 * `finance/deposits`: the organization's receiving CLABE, SPEI notifications with their voucher,
 * and the list of its deposits, under the "deposits" permission. The API implements it in
 * modules/wallet/deposits.routes.ts, the web calls it from features/wallet/deposits-api.ts.
 */
export const depositsContract = defineContract('deposits', {
  speiAccount: defineOperation({
    method: 'GET',
    path: '/deposits/spei-account',
    access,
    tags: ['wallet'],
    summary: 'The organization’s receiving CLABE (assigned on first use)',
    description:
      'Transfers sent by SPEI to this CLABE reach only this organization. `sandbox` is true outside production: no real money moves.',
    responses: { 200: z.object({ data: speiAccountSchema }) },
  }),
  notifySpei: defineOperation({
    method: 'POST',
    path: '/deposits/spei',
    access,
    tags: ['wallet'],
    summary: 'Notifies a SPEI transfer (multipart): its data and the voucher',
    description:
      'multipart/form-data with the fields `amount` (pesos, e.g. "1250.00"), `origin_bank` (3-digit bank code), `reference_type` (`numeric` or `concept`), `reference_number` (15–40 characters), `tracking_key`, and the file `voucher` (PDF, JPEG or PNG, at most 1 MB, type read from its content). Header `Idempotency-Key` (8–100 characters) required: the same key answers the same deposit (200, header `idempotent-replayed: true`). Answers the deposit, pending until staff approve it or the bank transfer is reconciled. 409 DEPOSIT_ALREADY_NOTIFIED when the bank and tracking key were already notified.',
    upload: { field: DEPOSIT_VOUCHER_RULES.field },
    idempotencyKey: 'required',
    responses: { 200: depositAnswer, 201: depositAnswer },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/deposits',
    access,
    tags: ['wallet'],
    summary: 'The organization’s deposits, newest first',
    query: depositsQuerySchema,
    responses: { 200: pageSchema(depositViewSchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/deposits/:id',
    access,
    tags: ['wallet'],
    params: idParamsSchema,
    responses: { 200: depositAnswer },
  }),
  voucher: defineOperation({
    method: 'GET',
    path: '/deposits/:id/voucher',
    access,
    tags: ['wallet'],
    summary: 'The voucher of a SPEI deposit, as uploaded',
    params: idParamsSchema,
    download: true,
  }),
});

/**
 * Card deposits of `finance/deposits` (`finances.deposits`). The browser tokenises the card with
 * the provider first (`config` says which and where); this API only ever receives the token.
 * The API implements it in modules/wallet/card-deposits.routes.ts, the web calls it from
 * features/wallet/card-deposits.ts.
 */
export const cardDepositsContract = defineContract('card-deposits', {
  config: defineOperation({
    method: 'GET',
    path: '/deposits/card/config',
    access,
    tags: ['deposits'],
    description:
      'What the browser needs to take a card: the provider, its publishable key, whether it is the sandbox, and where the sandbox tokenises cards.',
    responses: { 200: z.object({ data: cardPaymentsConfigSchema }) },
  }),
  deposit: defineOperation({
    method: 'POST',
    path: '/deposits/card',
    access,
    tags: ['deposits'],
    description:
      'Charges a card token (never card data) and credits the balance: below $500.00 the $14.50 fee (VAT included) is taken in the same ledger transaction. Requires the Idempotency-Key header: the same key charges and credits once and answers the same deposit (200). A decline answers 402 CARD_DECLINED with the provider’s reason; the deposit stays as `failed`.',
    body: cardDepositSchema,
    idempotencyKey: 'required',
    responses: { 200: depositAnswer, 201: depositAnswer },
  }),
});

/** Stripe reports how a card deposit's payment ended, signed over the exact bytes it sends. */
export const stripeWebhookContract = defineContract('stripe-webhook', {
  receive: defineOperation({
    method: 'POST',
    path: '/webhooks/stripe',
    access: 'public',
    tags: ['webhooks'],
    summary: 'Card payment events reported by Stripe (signed)',
    description: [
      `Header \`${STRIPE_WEBHOOK_SIGNATURE_HEADER}\` as Stripe signs it with the endpoint's`,
      'STRIPE_WEBHOOK_SECRET. A wrong signature answers 401 WEBHOOK_SIGNATURE_INVALID, one',
      'signed more than 5 minutes away from our clock 401 WEBHOOK_TIMESTAMP_STALE.',
      '`payment_intent.succeeded` and `payment_intent.payment_failed` settle the card deposit',
      'the PaymentIntent belongs to, read back from Stripe, through the same step as the',
      'reconciliation; an event id already processed answers `duplicate`; other events and',
      'payments that are no card deposit answer `ignored`.',
    ].join(' '),
    signed: { header: STRIPE_WEBHOOK_SIGNATURE_HEADER },
    body: stripeEventSchema,
    responses: { 200: z.object({ data: cardWebhookAnswerSchema }) },
  }),
});
