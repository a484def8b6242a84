// The customers module's public surface (ARCHITECTURE §2): what other modules may import.
export type { CustomersService } from './customers.service';
