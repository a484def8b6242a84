import type { StaffJob, StaffJobsQuery } from '@despacho/domain';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { jobs } from './jobs.store';

/** The console's view of a job that went wrong. */
export function staffJobOf(row: typeof jobs.$inferSelect): StaffJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state === 'failed' ? 'failed' : 'retry',
    attempts: row.attempts,
    retry_limit: row.retryLimit,
    error: row.output?.message ?? null,
    payload: row.payload,
    run_at: row.runAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** Jobs waiting for a retry or failed for good, newest first, for `/staff/jobs`. */
export async function failedJobs(
  db: Db,
  query: StaffJobsQuery,
): Promise<{ data: StaffJob[]; meta: { page: number; pageSize: number; total: number } }> {
  const where = inArray(jobs.state, query.state ? [query.state] : ['retry', 'failed']);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(jobs, where),
  ]);
  return {
    data: rows.map(staffJobOf),
    meta: { page: query.page, pageSize: query.pageSize, total },
  };
}
