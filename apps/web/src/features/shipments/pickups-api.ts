import type {
  CarrierKey,
  PageMeta,
  PickupCreateInput,
  PickupDay,
  PickupView,
} from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

export const PICKUPS_PAGE_SIZE = 20;

export interface PickupsPage {
  data: PickupView[];
  meta: PageMeta;
}

export const pickupsKeys = {
  all: () => ['pickups'] as const,
  lists: () => [...pickupsKeys.all(), 'list'] as const,
  list: (page: number) => [...pickupsKeys.lists(), page] as const,
  availability: (carrier: CarrierKey, locationId: string) =>
    [...pickupsKeys.all(), 'availability', carrier, locationId] as const,
};

export const pickupsApi = {
  availability: (carrier: CarrierKey, locationId: string) =>
    unwrap(
      http.get<ApiData<PickupDay[]>>('/pickups/availability', {
        carrier,
        location_id: locationId,
      }),
    ),
  list: (page: number) => http.get<PickupsPage>('/pickups', { page, pageSize: PICKUPS_PAGE_SIZE }),
  create: (request: PickupCreateInput) =>
    unwrap(http.post<ApiData<PickupView>>('/pickups', request)),
};

/** The business days and windows a carrier can collect on, for one origin. */
export function usePickupAvailability(
  carrier: CarrierKey | undefined,
  locationId: string | undefined,
) {
  return useQuery({
    queryKey: pickupsKeys.availability(carrier ?? 'estafeta', locationId ?? ''),
    queryFn: () => pickupsApi.availability(carrier!, locationId!),
    enabled: Boolean(carrier && locationId),
    retry: false,
    // Today's windows shrink as the day goes on.
    staleTime: 60_000,
  });
}

export function usePickups(page: number) {
  return useQuery({
    queryKey: pickupsKeys.list(page),
    queryFn: () => pickupsApi.list(page),
    placeholderData: keepPreviousData,
  });
}
