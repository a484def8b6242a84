import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { i18n } from './i18n';

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

// The server writes its texts (messages, notifications, movements, timelines) in the language of
// the request: after a change of language, what is cached is read again in the new one.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
