import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Finanzas
  {
    id: 'financeTransactions',
    path: 'finance/transactions',
    permission: 'finances.purchases',
    menu: true,
    page: () => import('./pages/TransactionsPage').then((m) => m.TransactionsPage),
  },
  {
    id: 'financeDeposits',
    path: 'finance/deposits',
    permission: 'finances.deposits',
    menu: true,
    page: () => import('./pages/DepositsPage').then((m) => m.DepositsPage),
  },
];
