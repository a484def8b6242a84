import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { FullPageLoader } from '../ui/AppLoadingOverlay';
import { SignInShell } from './SignInShell';

/**
 * The app, fetched on demand, at `to` if given (pushed, or replacing the current entry): the
 * address changes only once its code is here, so a failed download leaves the page as it was.
 */
export async function openApp(to?: string, replace = false): Promise<ReactNode> {
  const { startApp } = await import('./App');
  if (to !== undefined) window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  return startApp();
}

/**
 * What the root shows: the light sign-in screen of a cold visit to the login (no `app` yet),
 * which hands over to the app when the visitor signs in or follows a link; else the app, with
 * the loader until it is ready. The providers above stay, so nothing flashes at the handover.
 */
export function Entry({ app }: { app: Promise<ReactNode> | null }) {
  const [shown, setShown] = useState<ReactNode>(null);
  useEffect(() => {
    void app?.then(setShown);
  }, [app]);
  if (shown) return shown;
  if (app) return <FullPageLoader />;
  return (
    <SignInShell
      onLeave={async (to, replace) => {
        const next = await openApp(to, replace);
        startTransition(() => setShown(next));
      }}
    />
  );
}
