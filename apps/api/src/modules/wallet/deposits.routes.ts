import { depositsContract, staffDepositsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';
import { voucherUpload } from './deposits.service';

/** `finance/deposits`: the CLABE, SPEI notifications and the deposits, as `depositsContract` declares them. */
export const depositsRoutes: AppModule = async (app, { deposits, files, speiAccounts }) => {
  implement(app, depositsContract, {
    speiAccount: async (request) => ({
      data: await speiAccounts.accountOf(organizationOf(request)),
    }),
    notifySpei: async (request, reply) => {
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
    list: async (request) => deposits.list(organizationOf(request), request.query),
    get: async (request) => ({
      data: await deposits.get(organizationOf(request), request.params.id),
    }),
    voucher: async (request, reply) =>
      files.send(reply, await deposits.voucher(organizationOf(request), request.params.id)),
  });
};

/** The operators' console of deposits, as `staffDepositsContract` declares it. */
export const staffDepositsRoutes: AppModule = async (app, { deposits, files }) => {
  implement(app, staffDepositsContract, {
    list: async (request) => deposits.listForStaff(request.query),
    voucher: async (request, reply) =>
      files.send(reply, await deposits.voucherForStaff(request.params.id)),
    approve: async (request) => ({
      data: await deposits.approve(request.params.id, authOf(request).userId),
    }),
    verifyCard: async (request) => ({
      data: await deposits.verifyCard(request.params.id, authOf(request).userId),
    }),
    refundCard: async (request) => ({
      data: await deposits.refundCard(request.params.id, authOf(request).userId),
    }),
    reject: async (request) => ({
      data: await deposits.reject(request.params.id, authOf(request).userId, request.body.reason),
    }),
  });
};
