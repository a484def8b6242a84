import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'productsOuts',
    path: 'products/outs',
    permission: 'warehousing.warehouse_exits',
    menu: true,
    page: () => import('./pages/ExitsPage').then((m) => m.ExitsPage),
  },
];
