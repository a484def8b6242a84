import { packagesContract, type PackageInput, type PackagesQuery } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

export const PACKAGES_PAGE_SIZE = 10;

export const packagesKeys = queryKeys(packagesContract);

/** The packages calls (`settings/packages`), unwrapped from `{ data }` where they answer one. */
export const packagesApi = {
  list: (query: PackagesQuery) => call(packagesContract.list, { query }),
  create: (input: PackageInput) => unwrap(call(packagesContract.create, { body: input })),
  update: (id: string, input: PackageInput) =>
    unwrap(call(packagesContract.update, { params: { id }, body: input })),
  setDefault: (id: string) => unwrap(call(packagesContract.setDefault, { params: { id } })),
  remove: (id: string) => call(packagesContract.remove, { params: { id } }),
};

export function usePackages(query: PackagesQuery) {
  return useQuery({
    queryKey: packagesKeys.list({ query }),
    queryFn: () => packagesApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshPackages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: packagesKeys.all });
}

export function useSetDefaultPackage() {
  const refresh = useRefreshPackages();
  return useMutation({ mutationFn: packagesApi.setDefault, onSettled: refresh });
}

export function useDeletePackage() {
  const refresh = useRefreshPackages();
  return useMutation({ mutationFn: packagesApi.remove, onSettled: refresh });
}

/** The organization's saved packages (up to 100), for users who may read them. */
export function useSavedPackages(enabled: boolean) {
  const query = { page: 1, pageSize: 100 };
  return useQuery({
    queryKey: packagesKeys.list({ query }),
    queryFn: () => packagesApi.list(query),
    enabled,
  });
}
