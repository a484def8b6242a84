import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Entry, openApp } from './app/Entry';
import { PublicProviders } from './app/PublicProviders';
import { currentLanguage, loadLanguage } from './lib/i18n';
import { LOGIN_PATH } from './lib/paths';
import { readSession } from './lib/session';

// A signed-out visit to the login draws it without the app (decision 030): the first screen
// loads React, Mantine's pieces and the public texts only. Anything else starts the app at once.
const signingIn = !readSession() && window.location.pathname === LOGIN_PATH;
const app = signingIn ? null : openApp();

// The first paint is in the visitor's language: the signed-out screens' texts arrive alongside
// the page's code (the other screens' loaders fetch the rest). Should they fail to arrive, the
// app starts anyway (the router shows its own error screens).
void loadLanguage(currentLanguage(), ['public'])
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <PublicProviders>
          <Entry app={app} />
        </PublicProviders>
      </StrictMode>,
    ),
  );
