import {
  packageUnitFor,
  volumetricWeight,
  type Package,
  type PackageInput,
  type PackagesQuery,
  type Language,
  type PackageUnit,
  type PageMeta,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { deleteUnlessReferenced } from '../../platform/db-errors';
import type { AccountDetailsService } from '../accounts';
import type { SatProductsService } from '../catalogs';
import * as repository from './packages.repository';
import type { PackageRow, PackageValues } from './packages.repository';

export function packageView(row: PackageRow): Package {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    height: row.height,
    length: row.length,
    width: row.width,
    weight: row.weight,
    volumetric_weight: volumetricWeight(row),
    sat_code: row.satCode,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const valuesOf = (input: PackageInput): PackageValues => ({
  name: input.name,
  unit: input.unit,
  height: input.height,
  length: input.length,
  width: input.width,
  weight: input.weight,
  satCode: input.sat_code,
});

/**
 * Packages of `settings/packages`, always scoped by the caller's organization: another
 * organization's id reads as NOT_FOUND. At most one default per organization; the first package
 * becomes the default, and choosing another moves it in one transaction.
 */
export class PackagesService {
  private readonly satProducts: SatProductsService;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      satProducts: SatProductsService;
      accountDetails: Pick<AccountDetailsService, 'organization'>;
    },
  ) {
    this.satProducts = deps.satProducts;
  }

  async list(
    organizationId: string,
    query: PackagesQuery,
  ): Promise<{ data: Package[]; meta: PageMeta; default_unit: PackageUnit }> {
    const [{ rows, total }, organization] = await Promise.all([
      repository.findPage(this.deps.db, organizationId, query),
      this.deps.accountDetails.organization(organizationId),
    ]);
    return {
      data: rows.map(packageView),
      meta: { page: query.page, pageSize: query.pageSize, total },
      default_unit: packageUnitFor(organization.default_unit),
    };
  }

  async get(organizationId: string, id: string): Promise<Package> {
    const row = await repository.findOne(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return packageView(row);
  }

  /** `sat_code` must be in the SAT catalogue once it is imported (VALIDATION_FAILED otherwise). */
  async create(organizationId: string, input: PackageInput, language: Language): Promise<Package> {
    await this.satProducts.assertKnownCode(input.sat_code, language);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.lockOrganization(tx, organizationId);
      const first = !(await repository.hasAny(tx, organizationId));
      const isDefault = first || input.is_default === true;
      if (isDefault) await repository.clearDefault(tx, organizationId, now);
      return packageView(
        await repository.insert(tx, organizationId, { ...valuesOf(input), isDefault }, now),
      );
    });
  }

  /** `is_default: true` makes it the default; false is ignored (choose another one instead). */
  async update(
    organizationId: string,
    id: string,
    input: PackageInput,
    language: Language,
  ): Promise<Package> {
    await this.satProducts.assertKnownCode(input.sat_code, language);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.lockOrganization(tx, organizationId);
      if (!(await repository.findOne(tx, organizationId, id))) throw notFound();
      if (input.is_default === true) await repository.clearDefault(tx, organizationId, now);
      const row = await repository.update(
        tx,
        organizationId,
        id,
        { ...valuesOf(input), ...(input.is_default === true ? { isDefault: true } : {}) },
        now,
      );
      return packageView(row!);
    });
  }

  async setDefault(organizationId: string, id: string): Promise<Package> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await this.lockOrganization(tx, organizationId);
      if (!(await repository.findOne(tx, organizationId, id))) throw notFound();
      await repository.clearDefault(tx, organizationId, now);
      const row = await repository.update(tx, organizationId, id, { isDefault: true }, now);
      return packageView(row!);
    });
  }

  /** Deleting the default hands it to the oldest remaining package; a used package stays. */
  async remove(organizationId: string, id: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.lockOrganization(tx, organizationId);
      const row = await repository.findOne(tx, organizationId, id);
      if (!row) throw notFound();
      // Guides whose packages were made from it reference it with ON DELETE RESTRICT
      // (`shipment_packages`): then this answers RECORD_IN_USE and it stays.
      await deleteUnlessReferenced(() => repository.remove(tx, organizationId, id));
      if (row.isDefault) {
        const next = await repository.findOldest(tx, organizationId);
        if (next) await repository.update(tx, organizationId, next.id, { isDefault: true }, now);
      }
    });
  }

  /** Serializes default changes of one organization (the partial unique index is the backstop). */
  private async lockOrganization(tx: DbOrTx, organizationId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`packages:${organizationId}`}))`);
  }
}
