import type { Screen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Ayuda
  { id: 'supportTickets', path: 'support/tickets', permission: 'help', menu: true },
  {
    id: 'supportTicket',
    path: 'support/ticket/:id',
    permission: 'help',
    parent: 'supportTickets',
  },
];
