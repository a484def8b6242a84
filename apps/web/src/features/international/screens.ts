import { IconPlaneDeparture, IconReceiptTax, IconShieldCheck } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'createT1',
    path: 'crear-envio/T1',
    permission: 'international_trade.create_international_shipment',
    menu: true,
    page: () => import('./pages/T1CreatePage').then((m) => m.T1CreatePage),
  },
  {
    id: 'detailT1',
    path: 'detalles-envio/T1/:id',
    permission: 'international_trade.create_international_shipment',
    parent: 'createT1',
    page: () => import('./pages/T1DetailPage').then((m) => m.T1DetailPage),
  },
  {
    id: 'transport',
    path: 'transport',
    permission: 'international_trade.create_international_shipment',
    newFeature: true,
  },
];

/**
 * The international console: every organization's T1 shipments with their customs status, and
 * the tables the T1 quote reads, with their effective dates.
 */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'internationalShipments',
    path: 'international/shipments',
    menu: {
      group: 'warehouse',
      label: 'international:staff.shipments.nav',
      Icon: IconPlaneDeparture,
    },
    page: () => import('./pages/StaffT1ShipmentsPage').then((m) => m.StaffT1ShipmentsPage),
  },
  {
    id: 'internationalRates',
    path: 'international/rates',
    menu: { group: 'warehouse', label: 'international:staff.rates.nav', Icon: IconReceiptTax },
    page: () => import('./pages/StaffRatesPage').then((m) => m.StaffRatesPage),
  },
  {
    id: 'internationalRestrictions',
    path: 'international/restrictions',
    menu: {
      group: 'warehouse',
      label: 'international:staff.restrictions.nav',
      Icon: IconShieldCheck,
    },
    page: () => import('./pages/StaffRestrictionsPage').then((m) => m.StaffRestrictionsPage),
  },
];
