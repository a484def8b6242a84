import type { PageMeta, StaffDeposit } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';
import { LIST_POLL_MS } from './api';

export const DEPOSITS_PAGE_SIZE = 20;

/**
 * What staff review: SPEI notifications waiting, card deposits whose answer was lost (pending
 * past the reconciliation delay), and the notifications already decided.
 */
export const STAFF_DEPOSIT_FILTERS = ['pending', 'card', 'credited', 'rejected'] as const;
export type StaffDepositFilter = (typeof STAFF_DEPOSIT_FILTERS)[number];

export const staffDepositKeys = {
  all: () => ['staff', 'deposits'] as const,
  list: (status: StaffDepositFilter, page: number) =>
    [...staffDepositKeys.all(), 'list', status, page] as const,
};

const filterQuery = (filter: StaffDepositFilter) =>
  filter === 'card' ? { stuck: 'true' } : { status: filter, method: 'spei' };

/** Deposits of every organization for a filter; the pending ones are a queue, oldest first. */
export function useStaffDeposits(status: StaffDepositFilter, page: number) {
  return useQuery({
    queryKey: staffDepositKeys.list(status, page),
    queryFn: () =>
      http.get<{ data: StaffDeposit[]; meta: PageMeta }>('/staff/deposits', {
        ...filterQuery(status),
        page,
        pageSize: DEPOSITS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

/** The voucher the merchant uploaded, to open it (it needs the staff sign-in: no plain link). */
export const loadStaffVoucher = (id: string) => http.blob(`/staff/deposits/${id}/voucher`);

/** Approving or rejecting answers the deposit reviewed; the queue and the audit log change. */
function useDepositReview<I>(review: (input: I) => Promise<StaffDeposit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffDepositKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}

export function useApproveDeposit() {
  return useDepositReview((id: string) =>
    unwrap(http.post<ApiData<StaffDeposit>>(`/staff/deposits/${id}/approve`)),
  );
}

export function useRejectDeposit() {
  return useDepositReview(({ id, reason }: { id: string; reason: string }) =>
    unwrap(http.post<ApiData<StaffDeposit>>(`/staff/deposits/${id}/reject`, { reason })),
  );
}

/** Settles a stuck card deposit from what the payment processor recorded. */
export function useVerifyCardDeposit() {
  return useDepositReview((id: string) =>
    unwrap(http.post<ApiData<StaffDeposit>>(`/staff/deposits/${id}/verify-card`)),
  );
}
