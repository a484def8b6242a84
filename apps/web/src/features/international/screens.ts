import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'createT1',
    path: 'crear-envio/T1',
    permission: 'international_trade.create_international_shipment',
    menu: true,
  },
  {
    id: 'detailT1',
    path: 'detalles-envio/T1/:id',
    permission: 'international_trade.create_international_shipment',
    parent: 'createT1',
  },
  {
    id: 'transport',
    path: 'transport',
    permission: 'international_trade.create_international_shipment',
    newFeature: true,
  },
];
