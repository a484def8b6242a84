import { staffDepositsContract, type StaffDeposit } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const DEPOSITS_PAGE_SIZE = 20;

/**
 * What staff review: SPEI notifications waiting, card deposits whose answer was lost (pending
 * past the reconciliation delay), credited card deposits (to refund one to its card), and the
 * notifications already decided.
 */
export const STAFF_DEPOSIT_FILTERS = [
  'pending',
  'card',
  'card-credited',
  'credited',
  'rejected',
] as const;
export type StaffDepositFilter = (typeof STAFF_DEPOSIT_FILTERS)[number];

export const staffDepositKeys = queryKeys(staffDepositsContract);

const filterQuery = (filter: StaffDepositFilter) => {
  if (filter === 'card') return { stuck: 'true' as const };
  if (filter === 'card-credited') return { status: 'credited' as const, method: 'card' as const };
  return { status: filter, method: 'spei' as const };
};

/** Deposits of every organization for a filter; the pending ones are a queue, oldest first. */
export function useStaffDeposits(status: StaffDepositFilter, page: number) {
  const query = { ...filterQuery(status), page, pageSize: DEPOSITS_PAGE_SIZE };
  return useQuery({
    queryKey: staffDepositKeys.list({ query }),
    queryFn: () => call(staffDepositsContract.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

/** The voucher the merchant uploaded, to open it (it needs the staff sign-in: no plain link). */
export const loadStaffVoucher = (id: string) =>
  call(staffDepositsContract.voucher, { params: { id } });

/** Approving or rejecting answers the deposit reviewed; the queue and the audit log change. */
function useDepositReview<I>(review: (input: I) => Promise<StaffDeposit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffDepositKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]),
  });
}

export function useApproveDeposit() {
  return useDepositReview((id: string) =>
    unwrap(call(staffDepositsContract.approve, { params: { id } })),
  );
}

export function useRejectDeposit() {
  return useDepositReview(({ id, reason }: { id: string; reason: string }) =>
    unwrap(call(staffDepositsContract.reject, { params: { id }, body: { reason } })),
  );
}

/** Settles a stuck card deposit from what the payment processor recorded. */
export function useVerifyCardDeposit() {
  return useDepositReview((id: string) =>
    unwrap(call(staffDepositsContract.verifyCard, { params: { id } })),
  );
}

/**
 * Returns an unspent card deposit's net to its card (the balance is debited). The API keys it by
 * the deposit, so repeating it after the processor did not answer refunds nothing twice.
 */
export function useRefundCardDeposit() {
  return useDepositReview((id: string) =>
    unwrap(call(staffDepositsContract.refundCard, { params: { id } })),
  );
}
