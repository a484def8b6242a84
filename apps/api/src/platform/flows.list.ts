import type { PageMeta, StaffFlow, StaffFlowsQuery } from '@despacho/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from './db';
import { flowRuns, type FlowRunRow } from './flows.tables';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function staffFlowOf(row: FlowRunRow): StaffFlow {
  return {
    id: row.id,
    kind: row.kind,
    organization_id: row.organizationId,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    state: row.state,
    step: row.step,
    failed_step: row.failedStep,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

/** Flow runs for `/staff/flows`, newest first, optionally in one state. */
export async function listFlowRuns(
  db: Db,
  query: StaffFlowsQuery,
): Promise<{ data: StaffFlow[]; meta: PageMeta }> {
  const where = query.state ? eq(flowRuns.state, query.state) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(flowRuns)
      .where(where)
      .orderBy(desc(flowRuns.createdAt), desc(flowRuns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(flowRuns, where),
  ]);
  return {
    data: rows.map(staffFlowOf),
    meta: { page: query.page, pageSize: query.pageSize, total },
  };
}
