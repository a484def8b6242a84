import type { NotificationsService } from '../notifications';
import type { Platform } from '../services';
import { VerificationService } from './verification.service';

/** The verification of a merchant's documents by staff. */
export const buildVerification = (deps: Platform & { notifications: NotificationsService }) => ({
  verification: new VerificationService(deps),
});
