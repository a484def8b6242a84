import type { Screen } from '../../lib/screens';

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
