import type { AccountsService } from '../accounts';
import type { DispatchService } from '../exits';
import type { Platform } from '../services';
import type { ShipmentsService } from '../shipments';
import type { SupportService } from '../support';
import type { VerificationService } from '../verification';
import { StaffJobsService } from './staff-jobs.service';
import { StaffLabelsService } from './staff-labels.service';
import { StaffService } from './staff.service';

/** The operators' console: its queues, failed jobs and the dispatch's labels. */
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
});
