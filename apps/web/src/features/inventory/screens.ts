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
  {
    id: 'productsEntry',
    path: 'products/entry',
    permission: 'warehousing.warehouse_entries',
    menu: true,
  },
  {
    id: 'productsCreateEntry',
    path: 'products/create-entry',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
  {
    id: 'productsNewEntry',
    path: 'products/new-entry',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
  {
    id: 'productsEntryDetail',
    path: 'products/entry-detail/:id',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
];
