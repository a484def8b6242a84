// The verification module's public surface (ARCHITECTURE §2): what other modules may import.
export type { VerificationForStaff, VerificationService } from './verification.service';
