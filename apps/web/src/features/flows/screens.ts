import { IconRoute } from '@tabler/icons-react';
import type { StaffScreen } from '../../lib/screens';

/** This domain's screens of the operators' console (decision 028), registered in `app/navigation.ts`. */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'flows',
    path: 'flows',
    menu: { group: 'platform', label: 'flows:nav', Icon: IconRoute },
    page: () => import('./pages/FlowsPage').then((m) => m.FlowsPage),
  },
];
