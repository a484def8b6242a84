import type {
  BankStatementImport,
  BankTransferStatus,
  BankTransferView,
  PageMeta,
  StaffOrganizationOption,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';
import { LIST_POLL_MS } from './api';

export const BANK_TRANSFERS_PAGE_SIZE = 20;

export const bankTransferKeys = {
  all: () => ['staff', 'bank-transfers'] as const,
  list: (status: BankTransferStatus, page: number) =>
    [...bankTransferKeys.all(), 'list', status, page] as const,
  organizations: (q: string) => [...bankTransferKeys.all(), 'organizations', q] as const,
};

export function useBankTransfers(status: BankTransferStatus, page: number) {
  return useQuery({
    queryKey: bankTransferKeys.list(status, page),
    queryFn: () =>
      http.get<{ data: BankTransferView[]; meta: PageMeta }>('/staff/bank-transfers', {
        status,
        page,
        pageSize: BANK_TRANSFERS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

/** Organizations to assign a transfer to, by company name or receiving CLABE. */
export function useOrganizationSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: bankTransferKeys.organizations(q),
    queryFn: () =>
      unwrap(
        http.get<ApiData<StaffOrganizationOption[]>>('/staff/bank-transfers/organizations', { q }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Whatever staff do in the queue changes the lists and the audit log. */
function useQueueChange<I, R>(change: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankTransferKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}

export function useAssignTransfer(id: string) {
  return useQueueChange((organizationId: string) =>
    unwrap(
      http.post<ApiData<BankTransferView>>(`/staff/bank-transfers/${id}/assign`, {
        organization_id: organizationId,
      }),
    ),
  );
}

export function useReturnTransfer(id: string) {
  return useQueueChange((reason: string) =>
    unwrap(http.post<ApiData<BankTransferView>>(`/staff/bank-transfers/${id}/return`, { reason })),
  );
}

export function useImportStatement() {
  return useQueueChange((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return unwrap(http.post<ApiData<BankStatementImport>>('/staff/bank-statements', form));
  });
}
