import {
  depositRejectSchema,
  depositsQuerySchema,
  depositViewSchema,
  idParamsSchema,
  pageSchema,
  speiAccountSchema,
  staffDepositSchema,
  staffDepositsQuerySchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';
import { voucherUpload } from './deposits.service';

const tags = ['wallet'];
const security = [{ bearer: [] }];
const depositAnswer = z.object({ data: depositViewSchema });
const staffDepositAnswer = z.object({ data: staffDepositSchema });

/**
 * `finance/deposits`: the organization's receiving CLABE, SPEI notifications with their voucher,
 * and the list of its deposits. Everything here needs the "deposits" permission.
 */
export const depositsRoutes: AppModule = async (app, deps) => {
  const { deposits, files, speiAccounts } = deps;
  const access = { config: { access: 'finances.deposits' as const } };

  app.get(
    '/deposits/spei-account',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The organization’s receiving CLABE (assigned on first use)',
        description:
          'Transfers sent by SPEI to this CLABE reach only this organization. `sandbox` is true outside production: no real money moves.',
        response: { 200: z.object({ data: speiAccountSchema }) },
      },
    },
    async (request) => ({ data: await speiAccounts.accountOf(organizationOf(request)) }),
  );

  app.post(
    '/deposits/spei',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'Notifies a SPEI transfer (multipart): its data and the voucher',
        description:
          'multipart/form-data with the fields `amount` (pesos, e.g. "1250.00"), `origin_bank` (3-digit bank code), `reference_type` (`numeric` or `concept`), `reference_number` (15–40 characters), `tracking_key`, and the file `voucher` (PDF, JPEG or PNG, at most 1 MB, type read from its content). Header `Idempotency-Key` (8–100 characters) required: the same key answers the same deposit (200, header `idempotent-replayed: true`). Answers the deposit, pending until staff approve it or the bank transfer is reconciled. 409 DEPOSIT_ALREADY_NOTIFIED when the bank and tracking key were already notified.',
        consumes: ['multipart/form-data'],
        response: { 200: depositAnswer, 201: depositAnswer },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const organizationId = organizationOf(request);
      const { userId } = authOf(request);
      const form = await files.receiveForm(request, voucherUpload(organizationId, userId));
      const { deposit, replayed } = await deposits.notifySpei(form, {
        organizationId,
        userId,
        idempotencyKey,
        language: request.language,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ data: deposit });
    },
  );

  app.get(
    '/deposits',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The organization’s deposits, newest first',
        querystring: depositsQuerySchema,
        response: { 200: pageSchema(depositViewSchema) },
      },
    },
    async (request) => deposits.list(organizationOf(request), request.query),
  );

  app.get(
    '/deposits/:id',
    {
      ...access,
      schema: { tags, security, params: idParamsSchema, response: { 200: depositAnswer } },
    },
    async (request) => ({ data: await deposits.get(organizationOf(request), request.params.id) }),
  );

  app.get(
    '/deposits/:id/voucher',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The voucher of a SPEI deposit, as uploaded',
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      deps.files.send(reply, await deposits.voucher(organizationOf(request), request.params.id)),
  );
};

/** The operators' console: SPEI notifications of every organization, approved or rejected. */
export const staffDepositsRoutes: AppModule = async (app, deps) => {
  const { deposits } = deps;
  const staffOnly = { config: { access: 'staff' as const } };
  const staffTags = ['staff'];

  app.get(
    '/staff/deposits',
    {
      ...staffOnly,
      schema: {
        tags: staffTags,
        security,
        summary: 'Deposits of every organization; `status=pending` is the review queue',
        querystring: staffDepositsQuerySchema,
        response: { 200: pageSchema(staffDepositSchema) },
      },
    },
    async (request) => deposits.listForStaff(request.query),
  );

  app.get(
    '/staff/deposits/:id/voucher',
    {
      ...staffOnly,
      schema: { tags: staffTags, security, params: idParamsSchema },
    },
    async (request, reply) =>
      deps.files.send(reply, await deposits.voucherForStaff(request.params.id)),
  );

  app.post(
    '/staff/deposits/:id/approve',
    {
      ...staffOnly,
      schema: {
        tags: staffTags,
        security,
        summary: 'Credits a pending SPEI deposit to the organization’s balance',
        description:
          'In one transaction: the deposit is credited (small deposits pay the 14.50 MXN fee), the merchant notified and the decision audited. 409 DEPOSIT_ALREADY_REVIEWED when it is no longer pending.',
        params: idParamsSchema,
        response: { 200: staffDepositAnswer },
      },
    },
    async (request) => ({
      data: await deposits.approve(request.params.id, authOf(request).userId),
    }),
  );

  app.post(
    '/staff/deposits/:id/verify-card',
    {
      ...staffOnly,
      schema: {
        tags: staffTags,
        security,
        summary: 'Settles a pending card deposit from what the payment provider recorded',
        description:
          'Asks the provider how the deposit’s charge (`deposit:{id}`) ended: approved credits it (as the charge would have), declined — or never made, once the card can no longer be charged — marks it `failed`; audited as `deposit.reconcile`. 409 CARD_CHARGE_UNRESOLVED when the provider has no charge yet and the card could still be charged; 409 DEPOSIT_ALREADY_REVIEWED when it is no longer pending. `GET staff/deposits?stuck=true` lists the card deposits pending past the reconciliation delay.',
        params: idParamsSchema,
        response: { 200: staffDepositAnswer },
      },
    },
    async (request) => ({
      data: await deposits.verifyCard(request.params.id, authOf(request).userId),
    }),
  );

  app.post(
    '/staff/deposits/:id/reject',
    {
      ...staffOnly,
      schema: {
        tags: staffTags,
        security,
        summary: 'Rejects a pending SPEI deposit with the reason the merchant reads',
        params: idParamsSchema,
        body: depositRejectSchema,
        response: { 200: staffDepositAnswer },
      },
    },
    async (request) => ({
      data: await deposits.reject(request.params.id, authOf(request).userId, request.body.reason),
    }),
  );
};
