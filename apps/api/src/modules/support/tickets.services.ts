import type { AccountsService } from '../accounts';
import type { BillingService } from '../billing';
import type { EntriesService } from '../entries';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import type { Platform } from '../services';
import type { ShipmentsService } from '../shipments';
import type { DepositsService } from '../wallet';
import { HelpdeskService } from './helpdesk.service';
import type { SupportService } from './support.service';
import { TicketsService, type TicketLinks } from './tickets.service';
import { TicketThreads } from './tickets.threads';

/**
 * Support tickets and the staff helpdesk. Built after the domains whose records a ticket can be
 * about: each answers whether an id is the organization's own (NOT_FOUND otherwise).
 */
export function buildTickets(
  deps: Platform & {
    accounts: AccountsService;
    notifications: NotificationsService;
    support: SupportService;
    shipments: ShipmentsService;
    deposits: DepositsService;
    billing: BillingService;
    orders: OrdersService;
    entries: EntriesService;
  },
) {
  const links: TicketLinks = {
    shipment: (organizationId, id) => deps.shipments.get(organizationId, id, 'es'),
    deposit: (organizationId, id) => deps.deposits.get(organizationId, id),
    // A stamped invoice's XML is its cheapest read that refuses a foreign or missing id.
    invoice: (organizationId, id) => deps.billing.xml(organizationId, id),
    order: (organizationId, id) => deps.orders.get(organizationId, id),
    entry: (organizationId, id) => deps.entries.get(organizationId, id),
  };
  const ticketThreads = new TicketThreads(deps);
  return {
    ticketThreads,
    tickets: new TicketsService({ ...deps, threads: ticketThreads, links }),
    helpdesk: new HelpdeskService({ ...deps, threads: ticketThreads }),
  };
}
