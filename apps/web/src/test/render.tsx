import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
// The plain RouterProvider: in Node, react-router/dom loads a second copy of the router context.
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/Providers';
import { createRoutes } from '../app/routes';
import { queryClient } from '../lib/query-client';

/** The whole app at `path`, in memory, once its lazy page is shown; returns the router. */
export async function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  await vi.waitFor(
    () => {
      expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true);
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeNull();
    },
    { timeout: 5000 },
  );
  return router;
}

/** One component (or a few) inside the app's providers and an in-memory router. */
export function renderInApp(ui: ReactNode) {
  return render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}
