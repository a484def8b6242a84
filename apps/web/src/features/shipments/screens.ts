import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Envíos
  // Create shipment, also the home of shipping-only users; the quick quote takes the other path.
  {
    id: 'shipment',
    path: 'shipment',
    permission: 'shipments.create_shipment',
    menu: true,
    page: () => import('./pages/ShipmentCreatePage').then((m) => m.ShipmentCreatePage),
  },
  {
    id: 'createShippings',
    path: 'create-shippings',
    permission: 'shipments.quick_quote',
    menu: true,
    page: () => import('./pages/QuickQuotePage').then((m) => m.QuickQuotePage),
  },
  // The list of guides ("Mis guías"): a second menu entry of Create shipment's permission, also
  // reached from the create-shipment result, the pickup screen and the dashboard.
  {
    id: 'shippings',
    path: 'shippings',
    permission: 'shipments.create_shipment',
    alsoInMenu: true,
    page: () => import('./pages/ShipmentsPage').then((m) => m.ShipmentsPage),
  },
  {
    id: 'shippingDetail',
    path: 'shippings/:id',
    permission: 'shipments.create_shipment',
    parent: 'shippings',
    page: () => import('./pages/ShipmentDetailPage').then((m) => m.ShipmentDetailPage),
  },
  {
    id: 'pickup',
    path: 'pickup',
    permission: 'shipments.pickup',
    menu: true,
    page: () => import('./pages/PickupPage').then((m) => m.PickupPage),
  },
];
