import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  {
    id: 'financeFinancing',
    path: 'finance/financing',
    permission: 'finances.financing',
    menu: true,
    newFeature: true,
  },
];
