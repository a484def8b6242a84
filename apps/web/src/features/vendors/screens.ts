import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'settingsVendors',
    path: 'settings/vendors',
    permission: 'settings.vendors',
    menu: true,
    page: () => import('./pages/VendorsPage').then((m) => m.VendorsPage),
  },
];
