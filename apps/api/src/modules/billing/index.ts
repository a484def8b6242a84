// The billing module's public surface (ARCHITECTURE §2): what other modules may import.
export type { BillingService } from './billing.service';
