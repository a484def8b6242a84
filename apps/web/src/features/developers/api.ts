import { apiKeysContract, type ApiKeyCreateData } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const DEVELOPERS_PAGE_SIZE = 20;

export const developersKeys = queryKeys(apiKeysContract);

export function useApiKeys(page: number) {
  const query = { page, pageSize: DEVELOPERS_PAGE_SIZE };
  return useQuery({
    queryKey: developersKeys.listApiKeys({ query }),
    queryFn: () => call(apiKeysContract.listApiKeys, { query }),
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes one domain's queries once it lands, failed or not. */
export function useRefreshingMutation<I, R>(
  queryKey: readonly string[],
  mutationFn: (input: I) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Create and rotate answer the secret: it goes to the dialog's state, never to the cache. */
export const useCreateApiKey = () =>
  useRefreshingMutation(developersKeys.all, (body: ApiKeyCreateData) =>
    unwrap(call(apiKeysContract.createApiKey, { body })),
  );

export const useRotateApiKey = () =>
  useRefreshingMutation(developersKeys.all, (id: string) =>
    unwrap(call(apiKeysContract.rotateApiKey, { params: { id } })).then(({ key, secret }) => ({
      secret,
      previousUntil: key.previous_secret_valid_until,
    })),
  );

export const useRevokeApiKey = () =>
  useRefreshingMutation(developersKeys.all, (id: string) =>
    unwrap(call(apiKeysContract.revokeApiKey, { params: { id } })),
  );
