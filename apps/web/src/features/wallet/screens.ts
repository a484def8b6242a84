import { IconArrowsExchange, IconBuildingBank } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

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

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'bankTransfers',
    path: 'bank-transfers',
    menu: { group: 'money', label: 'bank-transfers:nav', Icon: IconArrowsExchange },
    page: () => import('./pages/BankTransfersPage').then((m) => m.BankTransfersPage),
  },
  {
    id: 'deposits',
    path: 'deposits',
    menu: { group: 'money', label: 'deposits:staff.nav', Icon: IconBuildingBank },
    page: () => import('./pages/DepositQueuePage').then((m) => m.DepositQueuePage),
  },
];
