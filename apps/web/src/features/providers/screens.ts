import { IconPlugConnected } from '@tabler/icons-react';
import type { StaffScreen } from '../../lib/screens';

/** This domain's screens of the operators' console (issue 27), registered in `app/navigation.ts`. */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'providers',
    path: 'providers',
    menu: { group: 'platform', label: 'providers:nav', Icon: IconPlugConnected },
    page: () => import('./pages/ProvidersPage').then((m) => m.ProvidersPage),
  },
];
