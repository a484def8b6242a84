// The vendors module's public surface (ARCHITECTURE §2): what other modules may import.
export type { VendorsService } from './vendors.service';
