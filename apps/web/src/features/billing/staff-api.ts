import { staffBillingContract, type InvoiceCancellationRequest } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const STAFF_INVOICES_PAGE_SIZE = 20;

const staffInvoiceKeys = queryKeys(staffBillingContract);

/** Every organization's invoices, newest first; `id` keeps one (the audit log's link). */
export function useStaffInvoices(page: number, id?: string) {
  const query = { page, pageSize: STAFF_INVOICES_PAGE_SIZE, ...(id ? { id } : {}) };
  return useQuery({
    queryKey: staffInvoiceKeys.list({ query }),
    queryFn: () => call(staffBillingContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Asking SAT to cancel answers the invoice with its cancellation; the list and audit change. */
export function useCancelInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCancellationRequest) =>
      unwrap(call(staffBillingContract.cancel, { params: { id }, body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffInvoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}
