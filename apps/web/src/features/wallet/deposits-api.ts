import { depositsContract, type DepositStatus, type SpeiNotificationInput } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { walletKeys } from '../../lib/api/wallet';
import { unwrap } from '../../lib/http';

export const DEPOSITS_PAGE_SIZE = 10;
/** While a deposit is pending, the list looks again this often for staff's decision. */
export const PENDING_POLL_MS = 30_000;

export type DepositStatusFilter = DepositStatus | 'all';

/** `depositKeys.all` is the root every deposit change refreshes (card deposits included). */
export const depositKeys = queryKeys(depositsContract);

/** The organization's receiving CLABE: assigned once, it never changes. */
export function useSpeiAccount() {
  return useQuery({
    queryKey: depositKeys.speiAccount(),
    queryFn: () => unwrap(call(depositsContract.speiAccount)),
    staleTime: Infinity,
  });
}

export function useDeposits(status: DepositStatusFilter, page: number) {
  const query = {
    status: status === 'all' ? undefined : status,
    page,
    pageSize: DEPOSITS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: depositKeys.list({ query }),
    queryFn: () => call(depositsContract.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((deposit) => deposit.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
}

/** The voucher as uploaded, to open it (behind the sign-in: no plain link). */
export const loadVoucher = (id: string) => call(depositsContract.voucher, { params: { id } });

export interface SpeiNotification extends Record<keyof SpeiNotificationInput, string> {
  voucher: File;
}

/**
 * `POST deposits/spei` as multipart: the fields, then the voucher. The idempotency key is the
 * form's for as long as it is unchanged, so a retry never notifies the transfer twice.
 */
export function notifySpeiDeposit(notification: SpeiNotification, idempotencyKey: string) {
  const { voucher, ...fields } = notification;
  return unwrap(call(depositsContract.notifySpei, { file: voucher, fields, idempotencyKey }));
}

export function useNotifySpeiDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, key }: { notification: SpeiNotification; key: string }) =>
      notifySpeiDeposit(notification, key),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}
