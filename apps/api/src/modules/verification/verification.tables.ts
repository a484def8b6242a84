import { PERSON_TYPES, VERIFICATION_DOCUMENT_KINDS, VERIFICATION_STATUSES } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from '../../platform/files.tables';
import { organizations, users } from '../accounts/accounts.tables';

/** The account verification of an organization: one row, created by its first upload. */
export const verifications = pgTable(
  'verifications',
  {
    organizationId: uuid()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text({ enum: VERIFICATION_STATUSES }).notNull().default('not_started'),
    personType: text({ enum: PERSON_TYPES }),
    submittedAt: timestamp({ withTimezone: true }),
    submittedBy: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    /** The staff user who approved or rejected it. */
    reviewedBy: uuid().references(() => users.id),
    /** The last rejection's reason; kept while the merchant fixes documents, cleared on submit. */
    failureReason: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    // The staff queue: by status, oldest submission first.
    index().on(table.status, table.submittedAt),
    check('verifications_failure_reason_length', sql`char_length(${table.failureReason}) <= 500`),
    check(
      'verifications_failed_has_reason',
      sql`${table.status} <> 'failed' or ${table.failureReason} is not null`,
    ),
  ],
);

/** The current file of each document kind; replacing a document points at the new file. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    organizationId: uuid().notNull(),
    kind: text({ enum: VERIFICATION_DOCUMENT_KINDS }).notNull(),
    fileId: uuid().notNull(),
    uploadedBy: uuid().references(() => users.id),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.kind] }),
    foreignKey({
      name: 'verification_documents_verification_fk',
      columns: [table.organizationId],
      foreignColumns: [verifications.organizationId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'verification_documents_file_fk',
      columns: [table.organizationId, table.fileId],
      foreignColumns: [files.organizationId, files.id],
    }),
  ],
);
