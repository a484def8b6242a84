import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/** The SMS code that verifies a user's phone: one pending code per user, replaced on resend. */
export const verificationCodes = pgTable('verification_codes', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** HMAC of the code with the server secret: a leaked table does not give the codes away. */
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Opaque refresh tokens, stored as sha256. Each sign-in starts a family; every refresh replaces
 * the presented token with a new one of the same family, and a replaced token presented again
 * means it was stolen, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Remember-me: the family's tokens live 30 days instead of 24 hours. */
    remembered: boolean().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    replacedBy: uuid(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.familyId), index().on(table.userId)],
);

/** Single-use password recovery links, stored as sha256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.userId)],
);
