import { IconPackageImport } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

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

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'receiving',
    path: 'receiving',
    menu: { group: 'warehouse', label: 'entries:receiving.nav', Icon: IconPackageImport },
    page: () => import('./pages/ReceivingPage').then((m) => m.ReceivingPage),
  },
];
