import type { WalletBalance } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { http, type ApiData } from '../http';

export const walletKeys = {
  all: () => ['wallet'] as const,
  balance: () => [...walletKeys.all(), 'balance'] as const,
};

/** The prepaid balance; refreshed every minute so a credited deposit shows without reloading. */
export function useWalletBalance(enabled = true) {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: async () => (await http.get<ApiData<WalletBalance>>('/wallet/balance')).data,
    enabled,
    refetchInterval: 60_000,
  });
}
