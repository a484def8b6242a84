import type {
  AuditAction,
  AuditSnapshot,
  AuditSubjectType,
  PaginationQuery,
} from '@despacho/domain';
import { desc, eq } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { auditLog } from './audit.tables';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  organizationId: string | null;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
}

/**
 * The audit log of staff actions. `record` takes the action's transaction, so an entry exists
 * exactly when the action committed.
 */
export class AuditLog {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async record(tx: DbOrTx, entry: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({ ...entry, createdAt: this.deps.clock.now() });
  }

  /** Newest first; optionally one organization's entries. */
  async list(
    query: PaginationQuery & { organizationId?: string },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = query.organizationId
      ? eq(auditLog.organizationId, query.organizationId)
      : undefined;
    const [rows, total] = await Promise.all([
      this.deps.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.sequence))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.deps.db.$count(auditLog, where),
    ]);
    return { rows, total };
  }
}
