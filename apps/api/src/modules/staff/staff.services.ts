import type { AccountsService } from '../accounts';
import type { DispatchService } from '../exits';
import type { Platform } from '../services';
import type { ShipmentsService } from '../shipments';
import type { SupportService } from '../support';
import type { VerificationService } from '../verification';
import { StaffJobsService } from './staff-jobs.service';
import { StaffLabelsService } from './staff-labels.service';
import { StaffProvidersService } from './staff-providers.service';
import { StaffService } from './staff.service';

/** The operators' console: its queues, failed jobs, the dispatch's labels and the providers. */
export const buildStaff = (
  deps: Platform & {
    support: SupportService;
    accounts: AccountsService;
    verification: VerificationService;
    dispatch: DispatchService;
    shipments: ShipmentsService;
  },
) => ({
  staff: new StaffService(deps),
  staffJobs: new StaffJobsService(deps),
  staffLabels: new StaffLabelsService(deps),
  staffProviders: new StaffProvidersService(deps),
});
