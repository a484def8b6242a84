import { IconAlertTriangle } from '@tabler/icons-react';
import type { StaffScreen } from '../../lib/screens';

/** This domain's screens of the operators' console, registered in the app's table (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'jobs',
    path: 'jobs',
    menu: { group: 'platform', label: 'jobs:nav', Icon: IconAlertTriangle },
    page: () => import('./pages/JobsPage').then((m) => m.JobsPage),
  },
];
