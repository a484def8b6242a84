import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // API keys and webhooks belong to the company's settings: listed after "Mi empresa".
  {
    id: 'development',
    path: 'development',
    permission: 'settings.my_company',
    alsoInMenu: true,
    page: () => import('./pages/DevelopersPage').then((m) => m.DevelopersPage),
  },
];
