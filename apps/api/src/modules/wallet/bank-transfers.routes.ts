import {
  bankTransferAssignSchema,
  bankTransferReturnSchema,
  bankTransfersQuerySchema,
  bankTransferViewSchema,
  idParamsSchema,
  pageSchema,
  staffOrganizationOptionSchema,
  staffOrganizationSearchSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AppModule } from '../services';

/** The reconciliation service with its platform services, for the routes that report transfers. */
const tags = ['staff'];
const security = [{ bearer: [] }];
const answer = z.object({ data: bankTransferViewSchema });

/**
 * The staff queue of SPEI transfers reconciliation could not credit by itself (decision 014):
 * staff assign each to the organization it belongs to, or mark it returned to the sender.
 */
export const bankTransfersRoutes: AppModule = async (app, deps) => {
  const transfers = deps.bankTransfers;
  const staffOnly = { config: { access: 'staff' as const } };

  app.get(
    '/staff/bank-transfers',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        description:
          'SPEI transfers the bank reported. `status=unmatched` is the queue (oldest first): ' +
          '`unmatched_reason` is `unknown_clabe` (nobody owns the receiving CLABE), ' +
          '`amount_mismatch` (its notification was approved for another amount) or `below_fee` ' +
          '(it does not cover the small-deposit fee).',
        querystring: bankTransfersQuerySchema,
        response: { 200: pageSchema(bankTransferViewSchema) },
      },
    },
    async (request) => transfers.list(request.query),
  );

  app.get(
    '/staff/bank-transfers/organizations',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        description:
          'Organizations to assign a transfer to, by company name or receiving CLABE (20 at most).',
        querystring: staffOrganizationSearchSchema,
        response: { 200: z.object({ data: z.array(staffOrganizationOptionSchema) }) },
      },
    },
    async (request) => ({ data: await transfers.organizations(request.query.q) }),
  );

  app.post(
    '/staff/bank-transfers/:id/assign',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        description:
          'Credits an unmatched transfer to the organization, once (matching its pending ' +
          'notification like any transfer), and audits it. 409 BANK_TRANSFER_NOT_UNMATCHED when ' +
          'it was already credited or returned.',
        params: idParamsSchema,
        body: bankTransferAssignSchema,
        response: { 200: answer },
      },
    },
    async (request) => ({
      data: await transfers.assign(
        request.params.id,
        request.body.organization_id,
        authOf(request).userId,
      ),
    }),
  );

  app.post(
    '/staff/bank-transfers/:id/return',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        description:
          'Marks an unmatched transfer returned to its sender (the return itself is made at the ' +
          'bank); no money moves in Despacho. Audited.',
        params: idParamsSchema,
        body: bankTransferReturnSchema,
        response: { 200: answer },
      },
    },
    async (request) => ({
      data: await transfers.returnToSender(
        request.params.id,
        request.body.reason,
        authOf(request).userId,
      ),
    }),
  );
};
