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
import { AuditLog } from '../../platform/audit';
import { authOf } from '../../platform/auth';
import type { AppDeps, AppModule } from '../../platform/module';
import { AccountsService } from '../accounts/accounts.service';
import { NotificationsService } from '../notifications/notifications.service';
import { BankTransfersService } from './bank-transfers.service';
import { LedgerService } from './ledger.service';
import { SpeiAccountsService } from './spei-accounts.service';

/** The reconciliation service with its platform services, for the routes that report transfers. */
export function bankTransfersService(deps: AppDeps): BankTransfersService {
  const accounts = new AccountsService(deps);
  return new BankTransfersService({
    ...deps,
    ledger: new LedgerService(deps),
    notifications: new NotificationsService(deps),
    audit: new AuditLog(deps),
    accounts,
    speiAccounts: new SpeiAccountsService({ ...deps, accounts }),
  });
}

const tags = ['staff'];
const security = [{ bearer: [] }];
const answer = z.object({ data: bankTransferViewSchema });

/**
 * The staff queue of SPEI transfers reconciliation could not credit by itself (decision 014):
 * staff assign each to the organization it belongs to, or mark it returned to the sender.
 */
export const bankTransfersRoutes: AppModule = async (app, deps) => {
  const transfers = bankTransfersService(deps);
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
