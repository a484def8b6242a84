import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { PermissionLabelProvider } from '../lib/permission-labels';
import { permissionLabelKey } from './navigation';
import { PublicProviders } from './PublicProviders';

/** What the app's screens read beside the public providers: server state, the app's tables. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PermissionLabelProvider value={permissionLabelKey}>{children}</PermissionLabelProvider>
    </QueryClientProvider>
  );
}

/** Theme, toasts, server state, translations and what features read of the app's tables. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PublicProviders>
      <AppProviders>{children}</AppProviders>
    </PublicProviders>
  );
}
