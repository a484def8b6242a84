import type { Package, PackageInput, PackagesQuery, PackageUnit, PageMeta } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../http';

export const PACKAGES_PAGE_SIZE = 10;

export interface PackagesPage {
  data: Package[];
  meta: PageMeta;
  /** The unit a new package starts with: the organization's default unit of measure. */
  default_unit: PackageUnit;
}

export const packagesKeys = {
  all: () => ['packages'] as const,
  list: (query: PackagesQuery) => [...packagesKeys.all(), 'list', query] as const,
};

export const packagesApi = {
  list: (query: PackagesQuery) => http.get<PackagesPage>('/packages', { ...query }),
  create: (input: PackageInput) => unwrap(http.post<ApiData<Package>>('/packages', input)),
  update: (id: string, input: PackageInput) =>
    unwrap(http.put<ApiData<Package>>(`/packages/${id}`, input)),
  setDefault: (id: string) => unwrap(http.post<ApiData<Package>>(`/packages/${id}/default`)),
  remove: (id: string) => http.delete<void>(`/packages/${id}`),
};

export function usePackages(query: PackagesQuery) {
  return useQuery({
    queryKey: packagesKeys.list(query),
    queryFn: () => packagesApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshPackages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: packagesKeys.all() });
}

export function useSetDefaultPackage() {
  const refresh = useRefreshPackages();
  return useMutation({ mutationFn: packagesApi.setDefault, onSettled: refresh });
}

export function useDeletePackage() {
  const refresh = useRefreshPackages();
  return useMutation({ mutationFn: packagesApi.remove, onSettled: refresh });
}
