import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Almacenamiento y distribución
  {
    id: 'products',
    path: 'products',
    permission: 'warehousing.products',
    menu: true,
    page: () => import('./pages/ProductsPage').then((m) => m.ProductsPage),
  },
  {
    id: 'productsCreate',
    path: 'products/create',
    permission: 'warehousing.products',
    parent: 'products',
    page: () => import('./pages/ProductFormPage').then((m) => m.ProductCreatePage),
  },
  {
    id: 'productsEdit',
    path: 'products/edit/:id',
    permission: 'warehousing.products',
    parent: 'products',
    page: () => import('./pages/ProductFormPage').then((m) => m.ProductEditPage),
  },
  {
    id: 'productsCollections',
    path: 'products/collections',
    permission: 'warehousing.products',
    parent: 'products',
    page: () => import('./pages/CollectionsPage').then((m) => m.CollectionsPage),
  },
];
