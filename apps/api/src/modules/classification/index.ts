// The classification module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ClassificationService } from './classification.service';
export type { StaffClassificationService } from './staff-classification.service';
