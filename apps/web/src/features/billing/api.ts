import { billingContract, type InvoiceKind } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';

export const INVOICES_PAGE_SIZE = 20;

/** The filters of `finance/billing`: whole days (`YYYY-MM-DD`, Mexico City) and a kind. */
export interface InvoicesFilter {
  from?: string;
  to?: string;
  type?: InvoiceKind;
}

const billingKeys = queryKeys(billingContract);

export const invoicesApi = {
  list: (query: InvoicesFilter & { page: number; pageSize: number }) =>
    call(billingContract.list, { query }),
  xml: (id: string) => call(billingContract.xml, { params: { id } }),
  pdf: (id: string) => call(billingContract.pdf, { params: { id } }),
};

/** A page of invoices; the previous page stays shown while the next one loads. */
export function useInvoices(query: InvoicesFilter & { page: number }, enabled = true) {
  const input = { query: { ...query, pageSize: INVOICES_PAGE_SIZE } };
  return useQuery({
    queryKey: billingKeys.list(input),
    queryFn: () => invoicesApi.list(input.query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
