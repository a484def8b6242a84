import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'settingsMarketplaces',
    path: 'settings/marketplaces',
    permission: 'ecommerce.stores',
    menu: true,
    page: () => import('./pages/MarketplacesPage').then((m) => m.MarketplacesPage),
  },
];
