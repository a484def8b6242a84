import { walletContract, type TransactionsFilter } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { walletKeys } from '../../lib/api/wallet';

export const TRANSACTIONS_PAGE_SIZE = 20;

export const transactionsApi = {
  list: (query: TransactionsFilter & { page: number; pageSize: number }) =>
    call(walletContract.transactions, { query }),
  /** Every movement of the filtered set as a CSV file (the server caps it). */
  exportCsv: (filter: TransactionsFilter) =>
    call(walletContract.exportTransactions, { query: filter }),
};

/** A page of movements; the previous page stays shown while the next one loads. */
export function useTransactions(query: TransactionsFilter & { page: number }, enabled = true) {
  const input = { query: { ...query, pageSize: TRANSACTIONS_PAGE_SIZE } };
  return useQuery({
    queryKey: walletKeys.transactions(input),
    queryFn: () => transactionsApi.list(input.query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
