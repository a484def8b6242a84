import type { LocationData, LocationsQuery, LocationView, PageMeta } from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

export const LOCATIONS_PAGE_SIZE = 10;

export const locationsKeys = {
  all: () => ['locations'] as const,
  list: (query: LocationsQuery) => [...locationsKeys.all(), 'list', query] as const,
};

/** The locations calls (`settings/locations`), unwrapped from `{ data }` where they answer one. */
export const locationsApi = {
  list: (query: LocationsQuery) =>
    http.get<{ data: LocationView[]; meta: PageMeta }>('/locations', { ...query }),
  create: (location: LocationData) =>
    unwrap(http.post<ApiData<LocationView>>('/locations', location)),
  update: (id: string, location: LocationData) =>
    unwrap(http.put<ApiData<LocationView>>(`/locations/${id}`, location)),
  setDefault: (id: string) => unwrap(http.post<ApiData<LocationView>>(`/locations/${id}/default`)),
  remove: (id: string) => http.delete<undefined>(`/locations/${id}`),
};

export function useLocations(query: LocationsQuery) {
  return useQuery({
    queryKey: locationsKeys.list(query),
    queryFn: () => locationsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** After any change every page is read again: the default may have moved to another page. */
export function useRefreshLocations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationsKeys.all() });
}
