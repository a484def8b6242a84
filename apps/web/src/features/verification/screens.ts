import { IconShieldCheck } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Account verification (spec §2): part of "Mi empresa", reached from it and the dashboard.
  {
    id: 'settingsVerification',
    path: 'settings/verification',
    permission: 'settings.my_company',
    parent: 'settingsDetails',
    page: () => import('./pages/VerificationPage').then((m) => m.VerificationPage),
  },
];

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'verifications',
    path: '',
    menu: { group: 'accounts', label: 'verification:staff.nav', Icon: IconShieldCheck },
    page: () => import('./pages/VerificationQueuePage').then((m) => m.VerificationQueuePage),
  },
  {
    id: 'verificationReview',
    path: 'verifications/:organizationId',
    parent: 'verifications',
    page: () => import('./pages/VerificationReviewPage').then((m) => m.VerificationReviewPage),
  },
];
