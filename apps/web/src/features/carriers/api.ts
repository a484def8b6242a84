import type { Carrier, CarrierAccount, CarrierAccountUpdate } from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { carriersApi, carriersKeys } from '../../lib/api/carriers';

/** Service names and coverage come in the request language: the cache keeps one list per language. */
const listKey = (language: string) => [...carriersKeys.list(), language] as const;

export function useCarriers() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: listKey(i18n.language), queryFn: carriersApi.list });
}

const withEnabled = (key: string, enabled: boolean) => (list: Carrier[] | undefined) =>
  list?.map((carrier) => (carrier.key === key ? { ...carrier, enabled } : carrier));

/**
 * Switches a carrier at once on screen (optimistic), then keeps the server's answer; on failure
 * only that carrier goes back to what it was, so other switches made meanwhile stay.
 */
export function useSetCarrierEnabled() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const queryKey = listKey(i18n.language);
  return useMutation({
    mutationFn: ({ key, enabled }: { key: string; enabled: boolean }) =>
      carriersApi.setEnabled(key, enabled),
    onMutate: async ({ key, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient
        .getQueryData<Carrier[]>(queryKey)
        ?.find((carrier) => carrier.key === key)?.enabled;
      queryClient.setQueryData<Carrier[]>(queryKey, withEnabled(key, enabled));
      return { before };
    },
    onSuccess: (carrier) => {
      queryClient.setQueryData<Carrier[]>(queryKey, withEnabled(carrier.key, carrier.enabled));
    },
    onError: (_error, { key, enabled }, context) => {
      queryClient.setQueryData<Carrier[]>(queryKey, withEnabled(key, context?.before ?? !enabled));
    },
    onSettled: () =>
      // Lists kept for the other language (and the enabled carriers) are read again when next shown.
      queryClient.invalidateQueries({
        queryKey: carriersKeys.all,
        predicate: (query) => query.queryKey[2] !== i18n.language,
      }),
  });
}

const accountsKey = [...carriersKeys.all, 'accounts'] as const;

/** The accounts of the carriers reached through their own APIs (DHL Express, FedEx). */
export function useCarrierAccounts() {
  return useQuery({ queryKey: accountsKey, queryFn: carriersApi.accounts });
}

const withAccount = (account: CarrierAccount) => (list: CarrierAccount[] | undefined) =>
  list?.map((entry) => (entry.carrier_key === account.carrier_key ? account : entry));

/** Chooses a carrier's account (or saves the own one); the list keeps the server's answer. */
export function useSetCarrierAccount(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarrierAccountUpdate) => carriersApi.setAccount(key, body),
    onSuccess: (account) => queryClient.setQueryData(accountsKey, withAccount(account)),
  });
}

/** Erases the organization's own account with a carrier. */
export function useRemoveCarrierAccount(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => carriersApi.removeAccount(key),
    onSuccess: (account) => queryClient.setQueryData(accountsKey, withAccount(account)),
  });
}
