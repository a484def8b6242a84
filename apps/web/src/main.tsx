import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { setSessionEndHandler } from './lib/http';
import { currentLanguage, loadLanguage } from './lib/i18n';
import { queryClient } from './lib/query-client';

// A session that ends inside an API call (refresh refused, 403) leaves through the router.
setSessionEndHandler((path) => {
  queryClient.clear();
  void router.navigate(path, { replace: true });
});

// The first paint is in the visitor's language: the signed-out screens' texts arrive alongside
// the page's code (the other screens' loaders fetch the rest). Should they fail to arrive, the
// app starts anyway (the router shows its own error screens).
void loadLanguage(currentLanguage(), ['public'])
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
