import { IconListCheck } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Comercio internacional
  {
    id: 'tariffClassification',
    path: 'tariff-classification',
    permission: 'international_trade.tariff_classification',
    menu: true,
    page: () => import('./pages/ClassificationsPage').then((m) => m.ClassificationsPage),
  },
  {
    id: 'tariffClassificationCreate',
    path: 'tariff-classification/create',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
    page: () => import('./pages/ClassificationCreatePage').then((m) => m.ClassificationCreatePage),
  },
  {
    id: 'tariffClassificationEdit',
    path: 'tariff-classification/create/:id',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
    page: () =>
      import('./pages/ClassificationRequestPage').then((m) => m.ClassificationRequestPage),
  },
  {
    id: 'tariffClassificationNewQuote',
    path: 'tariff-classification/new-quote',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
    newFeature: true,
  },
  {
    id: 'tariffClassificationMyShipments',
    path: 'tariff-classification/my-shipments',
    permission: 'international_trade.my_shipments',
    parent: 'tariffClassification',
    newFeature: true,
  },
];

/** The classification console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'classification',
    path: 'classification',
    menu: { group: 'warehouse', label: 'classification:staff.nav', Icon: IconListCheck },
    page: () =>
      import('./pages/StaffClassificationQueuePage').then((m) => m.StaffClassificationQueuePage),
  },
  {
    id: 'classificationItem',
    path: 'classification/:id',
    parent: 'classification',
    page: () => import('./pages/StaffClassificationPage').then((m) => m.StaffClassificationPage),
  },
];
