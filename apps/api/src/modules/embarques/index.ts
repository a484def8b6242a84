// The embarques module's public surface (ARCHITECTURE §2): what other modules may import.
export type { EmbarquesService } from './embarques.service';
