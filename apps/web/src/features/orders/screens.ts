import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // E-Commerce
  {
    id: 'orders',
    path: 'orders',
    permission: 'ecommerce.orders',
    menu: true,
    page: () => import('./pages/OrdersPage').then((m) => m.OrdersPage),
  },
  {
    id: 'ordersCreate',
    path: 'orders/create',
    permission: 'ecommerce.orders',
    parent: 'orders',
    page: () => import('./pages/OrderCreatePage').then((m) => m.OrderCreatePage),
  },
  {
    id: 'ordersCreateFulfillment',
    path: 'orders/create-fulfillment',
    permission: 'ecommerce.orders',
    parent: 'orders',
    page: () => import('./pages/CreateFulfillmentPage').then((m) => m.CreateFulfillmentPage),
  },
  {
    id: 'ordersFulfillment',
    path: 'orders/fulfillment',
    permission: 'ecommerce.orders',
    parent: 'orders',
    page: () => import('./pages/BulkRunPage').then((m) => m.BulkRunPage),
  },
  {
    id: 'ordersQuoteShipping',
    path: 'orders/quote-shipping',
    permission: 'ecommerce.orders',
    parent: 'orders',
    page: () => import('./pages/QuoteShippingPage').then((m) => m.QuoteShippingPage),
  },
  {
    id: 'orderDetail',
    path: 'orders/:id',
    permission: 'ecommerce.orders',
    parent: 'orders',
    page: () => import('./pages/OrderDetailPage').then((m) => m.OrderDetailPage),
  },
];
