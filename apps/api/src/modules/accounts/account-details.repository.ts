import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { organizationDepositAccounts, organizationTaxInfo } from './account-details.tables';
import { organizations } from './accounts.tables';
import type { OrganizationRow } from './organizations.repository';

export type TaxInfoRow = typeof organizationTaxInfo.$inferSelect;
export type TaxInfoValues = Omit<typeof organizationTaxInfo.$inferInsert, 'organizationId'>;
export type DepositAccountRow = typeof organizationDepositAccounts.$inferSelect;
export type OrganizationChanges = Partial<
  Omit<typeof organizations.$inferInsert, 'id' | 'createdAt'>
>;

/** With `lock`, holds the row until the transaction ends (logo replacement). */
export async function findOrganization(
  db: DbOrTx,
  organizationId: string,
  lock = false,
): Promise<OrganizationRow | undefined> {
  const query = db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The organization whose current logo is this file, if any. */
export async function findOrganizationByLogo(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.logoFileId, fileId));
  return row;
}

export async function updateOrganization(
  db: DbOrTx,
  organizationId: string,
  changes: OrganizationChanges,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}

export async function findTaxInfo(
  db: DbOrTx,
  organizationId: string,
): Promise<TaxInfoRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationTaxInfo)
    .where(eq(organizationTaxInfo.organizationId, organizationId));
  return row;
}

export async function saveTaxInfo(
  db: DbOrTx,
  organizationId: string,
  values: TaxInfoValues,
): Promise<TaxInfoRow> {
  const [row] = await db
    .insert(organizationTaxInfo)
    .values({ ...values, organizationId })
    .onConflictDoUpdate({ target: organizationTaxInfo.organizationId, set: values })
    .returning();
  return row!;
}

export async function findDepositAccount(
  db: DbOrTx,
  organizationId: string,
): Promise<DepositAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationDepositAccounts)
    .where(eq(organizationDepositAccounts.organizationId, organizationId));
  return row;
}

/** The organization holding this CLABE, if any: how a deposit is matched to its sender. */
export async function findDepositAccountByClabe(
  db: DbOrTx,
  clabe: string,
): Promise<DepositAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationDepositAccounts)
    .where(eq(organizationDepositAccounts.clabe, clabe));
  return row;
}

const CLABE_UNIQUE = 'organization_deposit_accounts_clabe_unique';

/**
 * Sets the organization's CLABE; answers null when another organization holds it (the unique
 * index decides, so two organizations saving the same CLABE at once cannot both succeed).
 */
export async function saveDepositAccount(
  db: DbOrTx,
  organizationId: string,
  clabe: string,
  now: Date,
): Promise<DepositAccountRow | null> {
  try {
    const [row] = await db
      .insert(organizationDepositAccounts)
      .values({ organizationId, clabe, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: organizationDepositAccounts.organizationId,
        set: { clabe, updatedAt: now },
      })
      .returning();
    return row!;
  } catch (error) {
    // Another organization holds this CLABE.
    if (isUniqueViolation(error, CLABE_UNIQUE)) return null;
    throw error;
  }
}
