import { IconSpeakerphone } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    // Opened from the header's bell: every member has notifications.
    id: 'notifications',
    path: 'notifications',
    permission: 'dashboard',
    openToMembers: true,
    parent: 'dashboard',
    page: () => import('./pages/NotificationsPage').then((m) => m.NotificationsPage),
  },
];

/** The news staff publish to merchants, in the operators' console. */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'news',
    path: 'news',
    menu: { group: 'platform', label: 'notifications:news.nav', Icon: IconSpeakerphone },
    page: () => import('./pages/StaffNewsPage').then((m) => m.StaffNewsPage),
  },
];
