import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { setSessionEndHandler } from './lib/http';
import { queryClient } from './lib/query-client';

// A session that ends inside an API call (refresh refused, 403) leaves through the router.
setSessionEndHandler((path) => {
  queryClient.clear();
  void router.navigate(path, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
