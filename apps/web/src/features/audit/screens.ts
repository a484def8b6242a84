import { IconHistory } from '@tabler/icons-react';
import type { StaffScreen } from '../../lib/screens';

/** This domain's screens of the operators' console, registered in the app's table (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'audit',
    path: 'audit',
    menu: { group: 'platform', label: 'audit:nav', Icon: IconHistory },
    page: () => import('./pages/AuditLogPage').then((m) => m.AuditLogPage),
  },
];
