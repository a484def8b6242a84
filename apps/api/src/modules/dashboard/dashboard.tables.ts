import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';

/** Organizations whose first-steps checklist someone closed: it stays closed for all of them. */
export const firstStepsDismissals = pgTable('first_steps_dismissals', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Who closed it; kept when that user is later deleted. */
  dismissedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  dismissedAt: timestamp({ withTimezone: true }).notNull(),
});
