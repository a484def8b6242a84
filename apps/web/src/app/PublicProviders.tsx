import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { cssVariablesResolver, localizedTheme } from './theme';

// A module of our own: importing the package itself lazily would keep it all in the entry,
// which already takes the notifications store from it.
const ToastContainer = lazy(() =>
  import('./ToastContainer').then((module) => ({ default: module.ToastContainer })),
);

/**
 * The toasts' container, with its transitions and portal, is fetched with the first toast: no
 * screen pays for it before. The toast waits in the notifications store meanwhile.
 */
function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

/** Mantine with its own buttons' names in the language on screen (see `localizedTheme`). */
function Mantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const close = t('dialog.close');
  const togglePassword = t('dialog.togglePassword');
  // Rebuilt only when the language changes these words.
  const theme = useMemo(() => localizedTheme({ close, togglePassword }), [close, togglePassword]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

/**
 * Translations, theme and toasts: what every screen is drawn with, the cold sign-in screen too
 * (`SignInShell`); the app adds its own (`Providers`) under them.
 */
export function PublicProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Mantine>
        <Toasts />
        {children}
      </Mantine>
    </I18nextProvider>
  );
}
