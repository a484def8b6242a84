import type { ComponentType } from 'react';
import { generatePath, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadAppTexts } from '../lib/i18n';
import { readSession } from '../lib/session';
import { FullPageLoader } from '../ui/AppLoadingOverlay';
import { LOGIN_PATH } from '../lib/paths';
import { decide } from './guard';
import { SCREENS, STAFF_SCREENS } from './navigation';
import { RootLayout } from './RootLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';

/** Runs before every guarded page renders: the decision of `decide`, as a redirect. */
function guard({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  const to = decide({ pathname, search }, readSession());
  return to ? redirect(to) : null;
}

/** Past the guard, the texts of every screen (the first screen loads the public ones only). */
async function guardWithTexts(args: LoaderFunctionArgs) {
  const redirected = guard(args);
  if (!redirected) await loadAppTexts();
  return redirected;
}

/** A page loaded on demand, behind the guard, rendered once its texts are there. */
const page = (load: () => Promise<ComponentType>) =>
  ({ loader: guardWithTexts, lazy: { Component: load } }) satisfies RouteObject;

/** A signed-out page (sign-in, sign-up…): the public texts are enough. */
const publicPage = (load: () => Promise<ComponentType>) =>
  ({ loader: guard, lazy: { Component: load } }) satisfies RouteObject;

const loadScreenPage = () => import('./pages/ScreenPage').then((m) => m.ScreenPage);

/**
 * Public screens live under /auth (canonical). The spec also names them at the top level
 * (`/login/:params?`, `/register`, `/verify`, …): those paths redirect here, keeping the query.
 * The spec's empty-path sign-up start is `/auth/register` — `/` itself decides by session.
 */
const AUTH_SCREENS: Record<string, () => Promise<ComponentType>> = {
  login: () => import('../features/auth/pages/LoginPage').then((m) => m.LoginPage),
  register: () => import('../features/auth/pages/RegisterPage').then((m) => m.RegisterPage),
  verify: () => import('../features/auth/pages/VerifyPage').then((m) => m.VerifyPage),
  'forgotten-pasword': () =>
    import('../features/auth/pages/ForgottenPasswordPage').then((m) => m.ForgottenPasswordPage),
  'recovery-password/:token': () =>
    import('../features/auth/pages/RecoveryPasswordPage').then((m) => m.RecoveryPasswordPage),
  'wizard/:token': () => import('../features/auth/pages/WizardPage').then((m) => m.WizardPage),
  invitation: () => import('../features/auth/pages/InvitationPage').then((m) => m.InvitationPage),
  'invalid-token': () =>
    import('../features/auth/pages/InvalidTokenPage').then((m) => m.InvalidTokenPage),
};

function alias(path: string, to: string): RouteObject {
  return {
    path,
    loader: ({ request, params }) =>
      redirect(generatePath(to, params) + new URL(request.url).search),
  };
}

/**
 * The route tree. A function, because React Router writes loaded lazy properties back into the
 * route objects it is given: each router (the app's, each test's) needs its own.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        // Index: only decides where to go (home with a session, login without).
        { index: true, loader: guard },
        ...Object.keys(AUTH_SCREENS).map((path) => alias(path, `/auth/${path}`)),
        alias('login/:params', LOGIN_PATH),
        alias('invitation/:params', '/auth/invitation'),
        {
          path: 'auth',
          lazy: { Component: () => import('./layouts/AuthLayout').then((m) => m.AuthLayout) },
          children: [
            { index: true, loader: () => redirect(LOGIN_PATH) },
            ...Object.entries(AUTH_SCREENS).map(([path, load]) => ({ path, ...publicPage(load) })),
          ],
        },
        {
          path: 'app',
          lazy: { Component: () => import('./layouts/MainLayout').then((m) => m.MainLayout) },
          children: [
            { index: true, loader: guard },
            ...SCREENS.map((screen) => ({
              path: screen.path,
              ...page(screen.page ?? loadScreenPage),
            })),
          ],
        },
        {
          // The operators' console: platform staff only (the guard sends anyone else home),
          // in a layout of its own; each domain lists its screens (`staffScreens`).
          path: 'staff',
          loader: guard,
          lazy: { Component: () => import('./layouts/StaffLayout').then((m) => m.StaffLayout) },
          children: STAFF_SCREENS.map((screen) =>
            screen.path === ''
              ? { index: true, ...page(screen.page) }
              : { path: screen.path, ...page(screen.page) },
          ),
        },
        {
          // Public tracking (decision 017): no sign-in and no app chrome; open when signed in too.
          path: 't/:trackingNumber?',
          ...page(() =>
            import('../features/shipments/pages/PublicTrackingPage').then(
              (m) => m.PublicTrackingPage,
            ),
          ),
        },
        {
          path: 'dev/mailbox',
          loader: () => loadAppTexts(),
          lazy: {
            Component: () =>
              import('../features/mailbox/pages/MailboxPage').then((m) => m.MailboxPage),
          },
        },
        // Static: the error page shows it too, so it is in the main bundle anyway.
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
