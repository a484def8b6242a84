import {
  DEPOSIT_VOUCHER_RULES,
  IDEMPOTENCY_KEY_HEADER,
  type DepositStatus,
  type DepositView,
  type PageMeta,
  type SpeiAccount,
  type SpeiNotificationInput,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';
import { walletKeys } from '../../lib/api/wallet';

export const DEPOSITS_PAGE_SIZE = 10;
/** While a deposit is pending, the list looks again this often for staff's decision. */
export const PENDING_POLL_MS = 30_000;

export type DepositStatusFilter = DepositStatus | 'all';

/** `['deposits']` is the root every deposit change refreshes (card deposits included). */
export const depositKeys = {
  all: () => ['deposits'] as const,
  speiAccount: () => [...depositKeys.all(), 'spei-account'] as const,
  list: (status: DepositStatusFilter, page: number) =>
    [...depositKeys.all(), 'list', status, page] as const,
};

/** The organization's receiving CLABE: assigned once, it never changes. */
export function useSpeiAccount() {
  return useQuery({
    queryKey: depositKeys.speiAccount(),
    queryFn: () => unwrap(http.get<ApiData<SpeiAccount>>('/deposits/spei-account')),
    staleTime: Infinity,
  });
}

export function useDeposits(status: DepositStatusFilter, page: number) {
  return useQuery({
    queryKey: depositKeys.list(status, page),
    queryFn: () =>
      http.get<{ data: DepositView[]; meta: PageMeta }>('/deposits', {
        status: status === 'all' ? undefined : status,
        page,
        pageSize: DEPOSITS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((deposit) => deposit.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
}

/** The voucher as uploaded, to open it (behind the sign-in: no plain link). */
export const loadVoucher = (id: string) => http.blob(`/deposits/${id}/voucher`);

export interface SpeiNotification extends Record<keyof SpeiNotificationInput, string> {
  voucher: File;
}

/**
 * `POST deposits/spei` as multipart: the fields, then the voucher. The idempotency key is the
 * form's for as long as it is unchanged, so a retry never notifies the transfer twice.
 */
export function notifySpeiDeposit(notification: SpeiNotification, idempotencyKey: string) {
  const form = new FormData();
  const { voucher, ...fields } = notification;
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(DEPOSIT_VOUCHER_RULES.field, voucher, voucher.name);
  return unwrap(
    http.post<ApiData<DepositView>>('/deposits/spei', form, undefined, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    }),
  );
}

export function useNotifySpeiDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, key }: { notification: SpeiNotification; key: string }) =>
      notifySpeiDeposit(notification, key),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositKeys.all() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all() }),
      ]),
  });
}
