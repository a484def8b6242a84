import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { organizations, roles } from './accounts.tables';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type RoleRow = typeof roles.$inferSelect;
export type NewRole = Omit<typeof roles.$inferInsert, 'organizationId'>;

export async function insertOrganization(
  db: DbOrTx,
  values: NewOrganization,
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

export async function insertRoles(
  db: DbOrTx,
  organizationId: string,
  values: NewRole[],
): Promise<RoleRow[]> {
  return db
    .insert(roles)
    .values(values.map((role) => ({ ...role, organizationId })))
    .returning();
}

export async function findRoleByKey(
  db: DbOrTx,
  organizationId: string,
  key: string,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, key)));
  return row;
}

/** Company names by organization id, for screens that list several organizations. */
export async function findOrganizationNames(
  db: DbOrTx,
  ids: string[],
): Promise<{ id: string; company: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: organizations.id, company: organizations.company })
    .from(organizations)
    .where(inArray(organizations.id, ids));
}

/**
 * Organizations whose company name contains `text` (any case) or whose id is in `ids`, by name;
 * with `text` empty, all of them.
 */
export async function searchOrganizations(db: DbOrTx, text: string, ids: string[], limit: number) {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select({ id: organizations.id, company: organizations.company })
    .from(organizations)
    .where(
      text === ''
        ? undefined
        : or(
            ilike(organizations.company, pattern),
            ids.length > 0 ? inArray(organizations.id, ids) : undefined,
          ),
    )
    .orderBy(asc(organizations.company), asc(organizations.id))
    .limit(limit);
}
