// The staff module's public surface (ARCHITECTURE §2): what other modules may import.
export type { StaffJobsService } from './staff-jobs.service';
export type { StaffLabelsService } from './staff-labels.service';
export type { StaffProvidersService } from './staff-providers.service';
export type { StaffService } from './staff.service';
