import { locationsContract, type LocationData, type LocationsQuery } from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

export const LOCATIONS_PAGE_SIZE = 10;

export const locationsKeys = queryKeys(locationsContract);

/** The locations calls (`settings/locations`), unwrapped from `{ data }` where they answer one. */
export const locationsApi = {
  list: (query: LocationsQuery) => call(locationsContract.list, { query }),
  create: (location: LocationData) => unwrap(call(locationsContract.create, { body: location })),
  update: (id: string, location: LocationData) =>
    unwrap(call(locationsContract.update, { params: { id }, body: location })),
  setDefault: (id: string) => unwrap(call(locationsContract.setDefault, { params: { id } })),
  remove: (id: string) => call(locationsContract.remove, { params: { id } }),
};

export function useLocations(query: LocationsQuery) {
  return useQuery({
    queryKey: locationsKeys.list({ query }),
    queryFn: () => locationsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** After any change every page is read again: the default may have moved to another page. */
export function useRefreshLocations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationsKeys.all });
}

/** The locations screen's keys: a change there (or in the drawer here) refreshes this list. */
const ORIGINS = { query: { page: 1, pageSize: 100 } };

/** The origin locations (up to 100, the default first). */
export function useOriginLocations(enabled: boolean) {
  return useQuery({
    queryKey: locationsKeys.list(ORIGINS),
    queryFn: () => call(locationsContract.list, ORIGINS),
    select: (page) => page.data,
    enabled,
  });
}
