import { apiKeysContract, type ApiKeyCreateData } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const DEVELOPERS_PAGE_SIZE = 20;

/** Keys and webhooks share the domain's prefix: one invalidation refreshes the screen. */
export const developersKeys = queryKeys(apiKeysContract);

export function useApiKeys(page: number) {
  const query = { page, pageSize: DEVELOPERS_PAGE_SIZE };
  return useQuery({
    queryKey: developersKeys.listApiKeys({ query }),
    queryFn: () => call(apiKeysContract.listApiKeys, { query }),
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes the domain's lists once it lands, failed or not. */
export function useDevelopersMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}

/** Create and rotate answer the secret: it goes to the dialog's state, never to the cache. */
export const useCreateApiKey = () =>
  useDevelopersMutation((body: ApiKeyCreateData) =>
    unwrap(call(apiKeysContract.createApiKey, { body })),
  );

export const useRotateApiKey = () =>
  useDevelopersMutation((id: string) =>
    unwrap(call(apiKeysContract.rotateApiKey, { params: { id } })),
  );

export const useRevokeApiKey = () =>
  useDevelopersMutation((id: string) =>
    unwrap(call(apiKeysContract.revokeApiKey, { params: { id } })),
  );
