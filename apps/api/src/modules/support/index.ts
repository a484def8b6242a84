// The support module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ConversationForStaff, SupportService } from './support.service';
export type { HelpdeskService } from './helpdesk.service';
export type { TicketsService } from './tickets.service';
