import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

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

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'warehouses',
    path: 'warehouses',
    menu: { group: 'warehouse', label: 'inventory:warehouses.nav', Icon: IconBuildingWarehouse },
    page: () => import('./pages/WarehousesPage').then((m) => m.WarehousesPage),
  },
];
