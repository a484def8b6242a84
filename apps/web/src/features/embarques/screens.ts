import { IconShip } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Comercio internacional
  {
    id: 'myShipments',
    path: 'my-shipments',
    permission: 'international_trade.my_shipments',
    menu: true,
    page: () => import('./pages/EmbarquesPage').then((m) => m.EmbarquesPage),
  },
  {
    id: 'myShipmentDetail',
    path: 'my-shipments/:id',
    permission: 'international_trade.my_shipments',
    parent: 'myShipments',
    page: () => import('./pages/EmbarquePage').then((m) => m.EmbarquePage),
  },
];

/** The embarques console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'embarques',
    path: 'embarques',
    menu: { group: 'warehouse', label: 'embarques:staff.nav', Icon: IconShip },
    page: () => import('./pages/StaffEmbarquesPage').then((m) => m.StaffEmbarquesPage),
  },
  {
    id: 'embarque',
    path: 'embarques/:id',
    parent: 'embarques',
    page: () => import('./pages/StaffEmbarquePage').then((m) => m.StaffEmbarquePage),
  },
];
