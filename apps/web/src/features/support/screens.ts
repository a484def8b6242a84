import { IconMessages, IconTicket } from '@tabler/icons-react';
import type { Screen, StaffScreen } from '../../lib/screens';

/** This domain's screens (spec §2), registered in the app's table (`app/navigation.ts`). */
export const screens: readonly Screen[] = [
  // Ayuda
  {
    id: 'supportTickets',
    path: 'support/tickets',
    permission: 'help',
    menu: true,
    page: () => import('./pages/TicketsPage').then((m) => m.TicketsPage),
  },
  {
    id: 'supportTicket',
    path: 'support/ticket/:id',
    permission: 'help',
    parent: 'supportTickets',
    page: () => import('./pages/TicketPage').then((m) => m.TicketPage),
  },
];

/** This domain's screens of the operators' console, registered with its `screens` (`app/navigation.ts`). */
export const staffScreens: readonly StaffScreen[] = [
  {
    id: 'conversations',
    path: 'conversations',
    menu: { group: 'accounts', label: 'support:conversations.nav', Icon: IconMessages },
    page: () => import('./pages/ConversationsPage').then((m) => m.ConversationsPage),
  },
  {
    id: 'tickets',
    path: 'tickets',
    menu: { group: 'accounts', label: 'tickets:staff.nav', Icon: IconTicket },
    page: () => import('./pages/StaffTicketsPage').then((m) => m.StaffTicketsPage),
  },
  {
    id: 'ticket',
    path: 'tickets/:id',
    parent: 'tickets',
    page: () => import('./pages/StaffTicketPage').then((m) => m.StaffTicketPage),
  },
];
