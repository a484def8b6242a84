import type { PublicTracking } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

export const trackingKeys = {
  detail: (trackingNumber: string) => ['tracking', trackingNumber] as const,
};

/** `GET tracking/:trackingNumber`: public, the timeline without anything private. */
export const trackingApi = {
  get: (trackingNumber: string) =>
    unwrap(http.get<ApiData<PublicTracking>>(`/tracking/${encodeURIComponent(trackingNumber)}`)),
};

/** Tracking numbers are letters and digits; anything else is not looked up. */
export const normalizeTrackingNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const isTrackingNumber = (value: string) => /^[A-Z0-9-]{6,40}$/.test(value);

export function usePublicTracking(trackingNumber: string | undefined) {
  return useQuery({
    queryKey: trackingKeys.detail(trackingNumber ?? ''),
    queryFn: () => trackingApi.get(trackingNumber!),
    enabled: Boolean(trackingNumber && isTrackingNumber(trackingNumber)),
    retry: false,
  });
}
