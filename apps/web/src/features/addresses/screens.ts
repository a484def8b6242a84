import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'settingsLocations',
    path: 'settings/locations',
    permission: 'settings.address_book',
    menu: true,
    page: () => import('./pages/LocationsPage').then((m) => m.LocationsPage),
  },
];
