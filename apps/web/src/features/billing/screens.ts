import { IconReceipt } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'financeBilling',
    path: 'finance/billing',
    permission: 'finances.billing',
    menu: true,
    page: () => import('./pages/BillingPage').then((m) => m.BillingPage),
  },
  {
    id: 'financeBiling',
    path: 'finance/biling',
    permission: 'finances.billing',
    newFeature: true,
  },
];

/** The console's invoices: every organization's CFDI, and their cancellation before SAT. */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'invoices',
    path: 'invoices',
    menu: { group: 'money', label: 'billing:staff.nav', Icon: IconReceipt },
    page: () => import('./pages/StaffInvoicesPage').then((m) => m.StaffInvoicesPage),
  },
];
