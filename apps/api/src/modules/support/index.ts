// The support module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ConversationForStaff, SupportService } from './support.service';
