import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'clients',
    path: 'clients',
    permission: 'ecommerce.clients',
    menu: true,
    page: () => import('./pages/CustomersPage').then((m) => m.CustomersPage),
  },
  {
    id: 'clientEdit',
    path: 'clients/:id',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () => import('./pages/CustomerEditPage').then((m) => m.CustomerEditPage),
  },
  {
    id: 'clientCreate',
    path: 'create',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () => import('./pages/CustomerCreatePage').then((m) => m.CustomerCreatePage),
  },
  {
    id: 'clientView',
    path: 'client/:id',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () => import('./pages/CustomerViewPage').then((m) => m.CustomerViewPage),
  },
];
