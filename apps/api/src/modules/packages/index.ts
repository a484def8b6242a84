// The packages module's public surface (ARCHITECTURE §2): what other modules may import.
export type { PackagesService } from './packages.service';
