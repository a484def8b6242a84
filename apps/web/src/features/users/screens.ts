import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'settingsUsers',
    path: 'settings/users',
    permission: 'settings.users',
    menu: true,
    page: () => import('./pages/UsersPage').then((m) => m.UsersPage),
  },
];
