import type { Screen } from '../../lib/screens';

const permission = 'warehousing.warehouse_entries';
const form = () => import('./pages/EntryFormPage').then((m) => m.EntryFormPage);

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'productsEntry',
    path: 'products/entry',
    permission,
    menu: true,
    page: () => import('./pages/EntriesPage').then((m) => m.EntriesPage),
  },
  // Spec §2 names both create-entry and new-entry; links and bookmarks of either open the same form.
  {
    id: 'productsCreateEntry',
    path: 'products/create-entry',
    permission,
    parent: 'productsEntry',
    page: form,
  },
  {
    id: 'productsNewEntry',
    path: 'products/new-entry',
    permission,
    parent: 'productsEntry',
    page: form,
  },
  {
    id: 'productsEntryDetail',
    path: 'products/entry-detail/:id',
    permission,
    parent: 'productsEntry',
    page: () => import('./pages/EntryDetailPage').then((m) => m.EntryDetailPage),
  },
];
