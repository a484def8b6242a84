import { walletContract } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

/** `walletKeys.all` refreshes the balance and the movements after anything that moves money. */
export const walletKeys = queryKeys(walletContract);

/** The prepaid balance; refreshed every minute so a credited deposit shows without reloading. */
export function useWalletBalance(enabled = true) {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: () => unwrap(call(walletContract.balance)),
    enabled,
    refetchInterval: 60_000,
  });
}
