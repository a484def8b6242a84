import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Comercio internacional
  {
    id: 'tariffClassification',
    path: 'tariff-classification',
    permission: 'international_trade.tariff_classification',
    menu: true,
  },
  {
    id: 'tariffClassificationCreate',
    path: 'tariff-classification/create',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
  },
  {
    id: 'tariffClassificationEdit',
    path: 'tariff-classification/create/:id',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
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
