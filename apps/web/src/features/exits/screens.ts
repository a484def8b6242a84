import { IconTruckDelivery } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

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

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'dispatch',
    path: 'exits',
    menu: { group: 'warehouse', label: 'exits:dispatch.nav', Icon: IconTruckDelivery },
    page: () => import('./pages/DispatchPage').then((m) => m.DispatchPage),
  },
];
