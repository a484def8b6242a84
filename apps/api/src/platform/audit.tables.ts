import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditSnapshot } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What platform staff did: who, what, to which subject of which organization, when, and the
 * subject before and after. Append-only. No foreign keys on purpose: the record outlives the
 * user or organization it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for actions on no organization in particular. */
    organizationId: uuid(),
    actorId: uuid().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    subjectType: text({ enum: AUDIT_SUBJECT_TYPES }).notNull(),
    subjectId: text().notNull(),
    before: jsonb().$type<AuditSnapshot>(),
    after: jsonb().$type<AuditSnapshot>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Insertion order: entries of the same instant (one transaction) keep the order they happened in. */
    sequence: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index().on(table.createdAt.desc(), table.sequence.desc()),
    index().on(table.organizationId, table.createdAt.desc(), table.sequence.desc()),
  ],
);
