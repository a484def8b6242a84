import type { PageMeta, TransactionKind, TransactionView } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** The filters of `finance/transactions`: whole days (`YYYY-MM-DD`, Mexico City) and a kind. */
export interface TransactionsFilter {
  from?: string;
  to?: string;
  kind?: TransactionKind;
}

export interface TransactionsPage {
  data: TransactionView[];
  meta: PageMeta;
}

export const transactionsKeys = {
  all: () => ['wallet', 'transactions'] as const,
  list: (query: TransactionsFilter & { page: number }) =>
    [...transactionsKeys.all(), query] as const,
};

export const transactionsApi = {
  list: (query: TransactionsFilter & { page: number; pageSize: number }) =>
    http.get<TransactionsPage>('/wallet/transactions', { ...query }),
  /** Every movement of the filtered set as a CSV file (the server caps it). */
  exportCsv: (filter: TransactionsFilter) => http.blob('/wallet/transactions.csv', { ...filter }),
};

/** A page of movements; the previous page stays shown while the next one loads. */
export function useTransactions(query: TransactionsFilter & { page: number }, enabled = true) {
  return useQuery({
    queryKey: transactionsKeys.list(query),
    queryFn: () => transactionsApi.list({ ...query, pageSize: TRANSACTIONS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
