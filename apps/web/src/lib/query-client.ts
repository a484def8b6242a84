import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** A 4xx answer will not change by asking again; network and server failures get one retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
