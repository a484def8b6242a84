import type { ReactNode } from 'react';
// The plain RouterProvider: react-router/dom's only adds flushSync, which no navigation asks for,
// and in Node (the tests) loads a second copy of the router context.
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSessionEndHandler } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './Providers';
import { createRoutes } from './routes';

/**
 * The whole app at the browser's location: its router, once the first screen's code, texts and
 * guard have run, so it replaces what is on screen (the loader, or the sign-in screen that
 * handed over) with no loading step in between.
 */
export async function startApp(): Promise<ReactNode> {
  const router = createBrowserRouter(createRoutes());
  // A session that ends inside an API call (refresh refused, 403) leaves through the router.
  setSessionEndHandler((path) => {
    queryClient.clear();
    void router.navigate(path, { replace: true });
  });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
