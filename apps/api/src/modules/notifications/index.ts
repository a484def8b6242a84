// The notifications module's public surface (ARCHITECTURE §2): what other modules may import.
export type { NotificationsService, NotifyInput } from './notifications.service';
