import type { StaffJob, StaffJobsQuery } from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { failedJobs, staffJobOf } from '../../platform/jobs.failures';

/** The console's jobs screen: what failed, and another run for what failed for good. */
export class StaffJobsService {
  constructor(private readonly deps: { db: Db; jobs: Jobs; audit: AuditLog }) {}

  list(query: StaffJobsQuery) {
    return failedJobs(this.deps.db, query);
  }

  /** One more run, due now; audited in the same transaction. 404 unless the job failed for good. */
  retry(id: string, staffId: string): Promise<StaffJob> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.deps.jobs.retryFailed(tx, id);
      if (!row) throw notFound();
      const before = staffJobOf(row);
      const after: StaffJob = { ...before, state: 'retry' };
      await this.deps.audit.record(tx, {
        actorId: staffId,
        action: 'job.retry',
        subjectType: 'job',
        subjectId: id,
        organizationId: null,
        before: { state: before.state, kind: before.kind, error: before.error },
        after: { state: after.state },
      });
      return after;
    });
  }
}
