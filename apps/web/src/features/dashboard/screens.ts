import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'dashboard',
    path: 'dashboard',
    permission: 'dashboard',
    menu: true,
    page: () => import('./pages/DashboardPage').then((m) => m.DashboardPage),
  },
];
