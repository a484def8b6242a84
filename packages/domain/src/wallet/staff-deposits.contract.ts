import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import { depositRejectSchema, staffDepositSchema, staffDepositsQuerySchema } from './spei';

const access = 'staff';
const tags = ['staff'];
const staffDepositAnswer = z.object({ data: staffDepositSchema });

/**
 * The operators' console: deposits of every organization, SPEI notifications approved or
 * rejected, stuck card deposits settled. The API implements it in
 * modules/wallet/deposits.routes.ts, the web calls it from features/wallet/staff-deposits-api.ts.
 */
export const staffDepositsContract = defineContract('staff-deposits', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/deposits',
    access,
    tags,
    summary: 'Deposits of every organization; `status=pending` is the review queue',
    query: staffDepositsQuerySchema,
    responses: { 200: pageSchema(staffDepositSchema) },
  }),
  voucher: defineOperation({
    method: 'GET',
    path: '/staff/deposits/:id/voucher',
    access,
    tags,
    params: idParamsSchema,
    download: true,
  }),
  approve: defineOperation({
    method: 'POST',
    path: '/staff/deposits/:id/approve',
    access,
    tags,
    summary: 'Credits a pending SPEI deposit to the organization’s balance',
    description:
      'In one transaction: the deposit is credited (small deposits pay the 14.50 MXN fee), the merchant notified and the decision audited. 409 DEPOSIT_ALREADY_REVIEWED when it is no longer pending.',
    params: idParamsSchema,
    responses: { 200: staffDepositAnswer },
  }),
  verifyCard: defineOperation({
    method: 'POST',
    path: '/staff/deposits/:id/verify-card',
    access,
    tags,
    summary: 'Settles a pending card deposit from what the payment provider recorded',
    description:
      'Asks the provider how the deposit’s charge (`deposit:{id}`) ended: approved credits it (as the charge would have), declined — or never made, once the card can no longer be charged — marks it `failed`; audited as `deposit.reconcile`. 409 CARD_CHARGE_UNRESOLVED when the provider has no charge yet and the card could still be charged; 409 DEPOSIT_ALREADY_REVIEWED when it is no longer pending. `GET staff/deposits?stuck=true` lists the card deposits pending past the reconciliation delay.',
    params: idParamsSchema,
    responses: { 200: staffDepositAnswer },
  }),
  refundCard: defineOperation({
    method: 'POST',
    path: '/staff/deposits/:id/refund-card',
    access,
    tags: ['staff'],
    summary: 'Refund an unspent card deposit to its card',
    description:
      'Takes what the card deposit put in the balance (its net) back out of the wallet and refunds it to the card through the processor, both under the key `deposit_refund:{id}`: repeating it moves and refunds nothing more. 402 INSUFFICIENT_BALANCE when the balance no longer holds it (spent); 409 CARD_REFUND_UNAVAILABLE unless the deposit is a credited card deposit of a processor that refunds (Stripe); 409 CARD_CHARGE_UNRESOLVED when the processor did not answer (the balance is already taken: repeat it). Audited as `deposit.refund_card`. The small-deposit fee is not returned.',
    params: idParamsSchema,
    responses: { 200: staffDepositAnswer },
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/staff/deposits/:id/reject',
    access,
    tags,
    summary: 'Rejects a pending SPEI deposit with the reason the merchant reads',
    params: idParamsSchema,
    body: depositRejectSchema,
    responses: { 200: staffDepositAnswer },
  }),
});
