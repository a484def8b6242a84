/**
 * This domain's staff screen (`/staff/flows`, decision 028), registered in the staff console's
 * routes (`app/routes.tsx`) and menu (`app/layouts/StaffLayout.tsx`).
 */
export const staffFlowsScreen = {
  path: 'flows',
  page: () => import('./pages/FlowsPage').then((m) => m.FlowsPage),
} as const;
