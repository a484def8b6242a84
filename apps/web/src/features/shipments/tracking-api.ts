import { trackingContract } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const trackingKeys = queryKeys(trackingContract);

/** Tracking numbers are letters and digits; anything else is not looked up. */
export const normalizeTrackingNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const isTrackingNumber = (value: string) => /^[A-Z0-9-]{6,40}$/.test(value);

/** `GET tracking/:trackingNumber`: public, the timeline without anything private. */
export function usePublicTracking(trackingNumber: string | undefined) {
  const input = { params: { trackingNumber: trackingNumber ?? '' } };
  return useQuery({
    queryKey: trackingKeys.get(input),
    queryFn: () => unwrap(call(trackingContract.get, input)),
    enabled: Boolean(trackingNumber && isTrackingNumber(trackingNumber)),
    retry: false,
  });
}
