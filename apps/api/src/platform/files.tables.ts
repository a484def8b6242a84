import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Uploaded files of an organization (logos, verification documents…); bytes in the file storage. */
export const files = pgTable(
  'files',
  {
    organizationId: uuid().notNull(),
    id: uuid()
      .notNull()
      .default(sql`gen_random_uuid()`),
    /** What the file is for, e.g. `logo`, `verification.id`: for reports and clean-up. */
    purpose: text().notNull(),
    kind: text({ enum: ['png', 'jpeg', 'webp', 'pdf', 'xml', 'csv', 'json'] }).notNull(),
    size: integer().notNull(),
    /** The name the user's device gave it; shown and used in downloads, never as a path. */
    originalName: text().notNull(),
    uploadedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
