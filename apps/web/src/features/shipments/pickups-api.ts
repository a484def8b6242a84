import {
  pickupsContract,
  type CarrierKey,
  type PickupCreateInput,
  type PickupSlotInput,
} from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const PICKUPS_PAGE_SIZE = 20;

export const pickupsKeys = queryKeys(pickupsContract);

export const pickupsApi = {
  create: (request: PickupCreateInput) => unwrap(call(pickupsContract.create, { body: request })),
  cancel: (id: string) => unwrap(call(pickupsContract.cancel, { params: { id } })),
  reschedule: (id: string, slot: PickupSlotInput) =>
    unwrap(call(pickupsContract.reschedule, { params: { id }, body: slot })),
};

/** The business days and windows a carrier can collect on, for one origin. */
export function usePickupAvailability(
  carrier: CarrierKey | undefined,
  locationId: string | undefined,
) {
  const input = { query: { carrier: carrier ?? 'estafeta', location_id: locationId ?? '' } };
  return useQuery({
    queryKey: pickupsKeys.availability(input),
    queryFn: () => unwrap(call(pickupsContract.availability, input)),
    enabled: Boolean(carrier && locationId),
    retry: false,
    // Today's windows shrink as the day goes on.
    staleTime: 60_000,
  });
}

export function usePickups(page: number) {
  const input = { query: { page, pageSize: PICKUPS_PAGE_SIZE } };
  return useQuery({
    queryKey: pickupsKeys.list(input),
    queryFn: () => call(pickupsContract.list, input),
    placeholderData: keepPreviousData,
  });
}
