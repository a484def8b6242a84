// The dashboard module's public surface (ARCHITECTURE §2): what other modules may import.
export type { DashboardService } from './dashboard.service';
