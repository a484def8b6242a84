import type { AuditLog } from '../../platform/audit';
import type { NotificationsService } from '../notifications';
import type { Core } from '../services';
import { SupportService } from './support.service';

/** Support conversations between merchants and the platform's advisors. */
export const buildSupport = (
  deps: Core & { notifications: NotificationsService; audit: AuditLog },
) => ({ support: new SupportService(deps) });
