import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'packages',
    path: 'packages',
    permission: 'settings.packages',
    menu: true,
    page: () => import('./pages/PackagesPage').then((m) => m.PackagesPage),
  },
];
