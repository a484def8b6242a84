import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Configuración
  {
    id: 'settingsDetails',
    path: 'settings/details',
    permission: 'settings.my_company',
    menu: true,
    // Everyone's own user and password live here too (the user menu's "Mi cuenta").
    openToMembers: true,
    page: () => import('./pages/AccountDetailsPage').then((m) => m.AccountDetailsPage),
  },
];
