import { moduleOf } from '../module-routes';
import {
  notificationsRoutes,
  staffNewsRoutes,
  staffNotificationsRoutes,
} from './notifications.routes';

/** Every route of the notifications domain, as `modules/index.ts` registers it. */
export const notificationsModule = moduleOf(
  notificationsRoutes,
  staffNewsRoutes,
  staffNotificationsRoutes,
);
