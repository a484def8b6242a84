import type { InvoiceKind, InvoiceView, PageMeta } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const INVOICES_PAGE_SIZE = 20;

/** The filters of `finance/billing`: whole days (`YYYY-MM-DD`, Mexico City) and a kind. */
export interface InvoicesFilter {
  from?: string;
  to?: string;
  type?: InvoiceKind;
}

export interface InvoicesPage {
  data: InvoiceView[];
  meta: PageMeta;
}

export const invoicesKeys = {
  all: () => ['billing', 'invoices'] as const,
  list: (query: InvoicesFilter & { page: number }) => [...invoicesKeys.all(), query] as const,
};

export const invoicesApi = {
  list: (query: InvoicesFilter & { page: number; pageSize: number }) =>
    http.get<InvoicesPage>('/invoices', { ...query }),
  xml: (id: string) => http.blob(`/invoices/${id}/xml`),
  pdf: (id: string) => http.blob(`/invoices/${id}/pdf`),
};

/** A page of invoices; the previous page stays shown while the next one loads. */
export function useInvoices(query: InvoicesFilter & { page: number }, enabled = true) {
  return useQuery({
    queryKey: invoicesKeys.list(query),
    queryFn: () => invoicesApi.list({ ...query, pageSize: INVOICES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
