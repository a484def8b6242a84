import { ORGANIZATION_ROLES } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantKeys, users } from './accounts.tables';

/**
 * Invitations to join an organization, mailed as a single-use link. The token is stored only as
 * its sha256. One pending invitation per email and organization: inviting again replaces its
 * token (the old link stops working). An accepted invitation stays as a record, used.
 */
export const invitations = pgTable(
  'invitations',
  {
    ...tenantKeys(),
    /** Lower-case, as the email field parses it. */
    email: text().notNull(),
    /** How the inviter called the invitee, to greet them; they give their own name. */
    name: text(),
    role: text({ enum: ORGANIZATION_ROLES }).notNull(),
    /** For `member`: the permissions the user gets. */
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tokenHash: text().notNull(),
    invitedBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('invitations_pending_email')
      .on(table.organizationId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    // The public calls find an invitation by its token alone.
    index().on(table.tokenHash),
    foreignKey({ columns: [table.invitedBy], foreignColumns: [users.id] }).onDelete('cascade'),
  ],
);
