import { z } from '../validation';
import { paginationQuerySchema } from '../pagination';

/**
 * Background jobs that went wrong, for the operators' console (`/staff/jobs`): `retry` failed at
 * least once and will run again on its own; `failed` used its last retry (the dead letter) and
 * runs again only when staff retry it.
 */
export const JOB_FAILURE_STATES = ['retry', 'failed'] as const;
export type JobFailureState = (typeof JOB_FAILURE_STATES)[number];

/** `GET staff/jobs`: newest failure first, optionally one state. */
export const staffJobsQuerySchema = paginationQuerySchema.extend({
  state: z.enum(JOB_FAILURE_STATES).optional(),
});
export type StaffJobsQuery = z.infer<typeof staffJobsQuerySchema>;

export const staffJobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  state: z.enum(JOB_FAILURE_STATES),
  /** Failed runs so far, and how many retries the kind allows. */
  attempts: z.number().int(),
  retry_limit: z.number().int(),
  error: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  /** When it runs next (`retry`) or when it was due. */
  run_at: z.string(),
  created_at: z.string(),
});
export type StaffJob = z.infer<typeof staffJobSchema>;
