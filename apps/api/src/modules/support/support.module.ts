import { moduleOf } from '../module-routes';
import { supportRoutes } from './support.routes';
import { staffTicketsRoutes, ticketsRoutes } from './tickets.routes';

/** The advisor chat, support tickets and the staff helpdesk. */
export const supportModule = moduleOf(supportRoutes, ticketsRoutes, staffTicketsRoutes);
