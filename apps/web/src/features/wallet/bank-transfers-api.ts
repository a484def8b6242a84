import {
  bankStatementsContract,
  bankTransfersContract,
  type BankTransferStatus,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const BANK_TRANSFERS_PAGE_SIZE = 20;

export const bankTransferKeys = queryKeys(bankTransfersContract);

export function useBankTransfers(status: BankTransferStatus, page: number) {
  const query = { status, page, pageSize: BANK_TRANSFERS_PAGE_SIZE };
  return useQuery({
    queryKey: bankTransferKeys.list({ query }),
    queryFn: () => call(bankTransfersContract.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

/** Organizations to assign a transfer to, by company name or receiving CLABE. */
export function useOrganizationSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: bankTransferKeys.organizations({ query: { q } }),
    queryFn: () => unwrap(call(bankTransfersContract.organizations, { query: { q } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Whatever staff do in the queue (an imported statement too) changes the lists and the audit log. */
function useQueueChange<I, R>(change: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankTransferKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}

export function useAssignTransfer(id: string) {
  return useQueueChange((organizationId: string) =>
    unwrap(
      call(bankTransfersContract.assign, {
        params: { id },
        body: { organization_id: organizationId },
      }),
    ),
  );
}

export function useReturnTransfer(id: string) {
  return useQueueChange((reason: string) =>
    unwrap(call(bankTransfersContract.returnToSender, { params: { id }, body: { reason } })),
  );
}

export function useImportStatement() {
  return useQueueChange((file: File) => unwrap(call(bankStatementsContract.import, { file })));
}
