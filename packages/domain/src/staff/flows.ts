import { z } from '../validation';
import { paginationQuerySchema } from '../pagination';

/**
 * A flow's run (decision 028): work that spans domains, step by step. `running` has steps left
 * (the request or the resume job drives it); `succeeded` ran them all; `compensating` stopped on
 * a refusal and is undoing what its steps did; `compensated` undid it; `failed` ran out of
 * retries on a step it cannot undo and waits for staff.
 */
export const FLOW_STATES = [
  'running',
  'succeeded',
  'compensating',
  'compensated',
  'failed',
] as const;
export type FlowState = (typeof FLOW_STATES)[number];

/** States in which a run still owns its subject: nothing else may change it meanwhile. */
export const FLOW_ACTIVE_STATES = ['running', 'compensating'] as const satisfies FlowState[];

/** `GET staff/flows`: newest first, optionally one state. */
export const staffFlowsQuerySchema = paginationQuerySchema.extend({
  state: z.enum(FLOW_STATES).optional(),
});
export type StaffFlowsQuery = z.infer<typeof staffFlowsQuerySchema>;

export const staffFlowSchema = z.object({
  id: z.uuid(),
  /** What the flow does, e.g. `exit.dispatch`. */
  kind: z.string(),
  organization_id: z.uuid().nullable(),
  subject_type: z.string(),
  subject_id: z.string(),
  state: z.enum(FLOW_STATES),
  /** The step to run next (the last one run when the flow finished). */
  step: z.string(),
  /** The step that refused or kept failing, and why. */
  failed_step: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type StaffFlow = z.infer<typeof staffFlowSchema>;
