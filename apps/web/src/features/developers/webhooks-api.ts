import {
  webhooksContract,
  type WebhookDeliveryView,
  type WebhookEndpointData,
} from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { DEVELOPERS_PAGE_SIZE, useRefreshingMutation } from './api';

export const webhooksKeys = queryKeys(webhooksContract);

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKeys.list(),
    queryFn: () => unwrap(call(webhooksContract.list)),
  });
}

/** The event types an endpoint may pick, as the server's catalogue lists them. */
export function useWebhookEvents() {
  return useQuery({
    queryKey: webhooksKeys.events(),
    queryFn: () => unwrap(call(webhooksContract.events)),
    staleTime: Infinity,
  });
}

/** How often a log with an attempt due soon is read again, to show how it ended. */
const PENDING_REFRESH_MS = 3000;
const SOON_MS = 60_000;

/** A delivery whose next attempt is under way or due within the minute (not hours away). */
const dueSoon = (delivery: WebhookDeliveryView) =>
  delivery.status === 'pending' &&
  (delivery.next_attempt_at === null ||
    Date.parse(delivery.next_attempt_at) - Date.now() < SOON_MS);

/** One page of an endpoint's log; `pageSize: 1` is its last delivery. */
export function useWebhookDeliveries(id: string, page: number, pageSize = DEVELOPERS_PAGE_SIZE) {
  const input = { params: { id }, query: { page, pageSize } };
  return useQuery({
    queryKey: webhooksKeys.deliveries(input),
    queryFn: () => call(webhooksContract.deliveries, input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(dueSoon) ? PENDING_REFRESH_MS : false),
  });
}

const useWebhooksMutation = <I, R>(mutationFn: (input: I) => Promise<R>) =>
  useRefreshingMutation(webhooksKeys.all, mutationFn);

/** Create and rotate answer the secret beside the endpoint: it goes to the dialog, never the cache. */
export const useCreateEndpoint = () =>
  useWebhooksMutation((body: WebhookEndpointData) => call(webhooksContract.create, { body }));

export const useUpdateEndpoint = (id: string) =>
  useWebhooksMutation((body: WebhookEndpointData) =>
    unwrap(call(webhooksContract.update, { params: { id }, body })),
  );

export const useRotateEndpointSecret = () =>
  useWebhooksMutation((id: string) =>
    call(webhooksContract.rotateSecret, { params: { id } }).then(({ data, secret }) => ({
      secret,
      previousUntil: data.previous_secret_expires_at,
    })),
  );

export const useSetEndpointEnabled = () =>
  useWebhooksMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    unwrap(call(webhooksContract.setStatus, { params: { id }, body: { enabled } })),
  );

export const useRemoveEndpoint = () =>
  useWebhooksMutation((id: string) => call(webhooksContract.remove, { params: { id } }));

export const useSendTestEvent = () =>
  useWebhooksMutation((id: string) => unwrap(call(webhooksContract.sendTest, { params: { id } })));

export const useResendDelivery = (id: string) =>
  useWebhooksMutation((deliveryId: string) =>
    unwrap(call(webhooksContract.resend, { params: { id, deliveryId } })),
  );
