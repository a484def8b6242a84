import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'productsInventory',
    path: 'products/inventory',
    permission: 'warehousing.warehouse_inventory',
    menu: true,
    page: () => import('./pages/InventoryPage').then((m) => m.InventoryPage),
  },
];
