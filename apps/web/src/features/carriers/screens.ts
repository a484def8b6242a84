import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'settingsCarriers',
    path: 'settings/carriers',
    permission: 'settings.carriers',
    menu: true,
    page: () => import('./pages/CarriersPage').then((m) => m.CarriersPage),
  },
];
