import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'financeBilling',
    path: 'finance/billing',
    permission: 'finances.billing',
    menu: true,
    page: () => import('./pages/BillingPage').then((m) => m.BillingPage),
  },
  {
    id: 'financeBiling',
    path: 'finance/biling',
    permission: 'finances.billing',
    newFeature: true,
  },
];
