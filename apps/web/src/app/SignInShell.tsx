import { useMemo } from 'react';
import { LoginPage } from '../features/auth/pages/LoginPage';
import type { AuthNavigation } from '../features/auth/navigation';
import { AuthNavigationProvider } from '../features/auth/navigation';
import { AuthFrame } from './layouts/AuthFrame';

/**
 * The login of a cold visit (decision 030): the same page and frame as inside the app, without
 * the router, TanStack Query or the form library. Signing in or following a link hands the page
 * to the app (`onLeave`), which opens where the login would have gone.
 */
export function SignInShell({
  onLeave,
}: {
  onLeave: (to: string, replace: boolean) => Promise<void>;
}) {
  const navigation = useMemo<AuthNavigation>(
    () => ({
      search: window.location.search,
      go: (to, options) => onLeave(to, options?.replace ?? false),
    }),
    [onLeave],
  );
  return (
    <AuthFrame>
      <AuthNavigationProvider value={navigation}>
        <LoginPage />
      </AuthNavigationProvider>
    </AuthFrame>
  );
}
