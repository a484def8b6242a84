import type { ComponentType } from 'react';
import { generatePath, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { readSession } from '../lib/session';
import { FullPageLoader } from '../ui/AppLoadingOverlay';
import { LOGIN_PATH } from '../lib/paths';
import { decide } from './guard';
import { staffFlowsScreen } from '../features/flows/screens';
import { SCREENS } from './navigation';
import { RootLayout } from './RootLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';

/** Runs before every guarded page renders: the decision of `decide`, as a redirect. */
function guard({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  const to = decide({ pathname, search }, readSession());
  return to ? redirect(to) : null;
}

/** A page loaded on demand, behind the guard. */
const page = (load: () => Promise<ComponentType>) =>
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
            ...Object.entries(AUTH_SCREENS).map(([path, load]) => ({ path, ...page(load) })),
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
          // in a layout of its own. Its first screen is the account verification queue.
          path: 'staff',
          loader: guard,
          lazy: { Component: () => import('./layouts/StaffLayout').then((m) => m.StaffLayout) },
          children: [
            {
              index: true,
              ...page(() =>
                import('../features/staff/pages/VerificationQueuePage').then(
                  (m) => m.VerificationQueuePage,
                ),
              ),
            },
            {
              path: 'verifications/:organizationId',
              ...page(() =>
                import('../features/staff/pages/VerificationReviewPage').then(
                  (m) => m.VerificationReviewPage,
                ),
              ),
            },
            {
              path: 'conversations',
              ...page(() =>
                import('../features/staff/pages/ConversationsPage').then(
                  (m) => m.ConversationsPage,
                ),
              ),
            },
            {
              path: 'deposits',
              ...page(() =>
                import('../features/staff/pages/DepositQueuePage').then((m) => m.DepositQueuePage),
              ),
            },
            {
              path: 'jobs',
              ...page(() => import('../features/staff/pages/JobsPage').then((m) => m.JobsPage)),
            },
            { path: staffFlowsScreen.path, ...page(staffFlowsScreen.page) },
            {
              path: 'warehouses',
              ...page(() =>
                import('../features/staff/pages/WarehousesPage').then((m) => m.WarehousesPage),
              ),
            },
            {
              path: 'receiving',
              ...page(() =>
                import('../features/staff/pages/ReceivingPage').then((m) => m.ReceivingPage),
              ),
            },
            {
              path: 'exits',
              ...page(() =>
                import('../features/staff/pages/DispatchPage').then((m) => m.DispatchPage),
              ),
            },
            {
              path: 'audit',
              ...page(() =>
                import('../features/staff/pages/AuditLogPage').then((m) => m.AuditLogPage),
              ),
            },
            {
              path: 'bank-transfers',
              ...page(() =>
                import('../features/staff/pages/BankTransfersPage').then(
                  (m) => m.BankTransfersPage,
                ),
              ),
            },
          ],
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
