import {
  errorMessage,
  type Language,
  type PageMeta,
  type VendorData,
  type VendorsQuery,
  type VendorStatus,
  type VendorView,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { deleteUnlessReferenced } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { addressValues, addressView } from '../addresses';
import * as repository from './vendors.repository';

function values(input: VendorData): repository.VendorValues {
  return {
    name: input.name,
    code: input.code,
    email: input.email,
    ...addressValues(input.address),
    status: input.status,
  };
}

export function vendorView(row: repository.VendorRow): VendorView {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    email: row.email,
    address: addressView(row),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** VENDOR_CODE_TAKEN (409), with its message under the code field of the form. */
const codeTaken = (language: Language) =>
  new AppError('VENDOR_CODE_TAKEN', {}, { code: errorMessage('VENDOR_CODE_TAKEN', language) });

/**
 * Vendors of an organization (`settings/vendors`), always scoped by the caller's organization:
 * another organization's id answers NOT_FOUND. A code is the organization's once, whatever its
 * case; the unique index decides, so two saves of the same code at once cannot both succeed.
 */
export class VendorsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(
    organizationId: string,
    query: VendorsQuery,
  ): Promise<{ data: VendorView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findVendors(this.deps.db, organizationId, query);
    return {
      data: rows.map(vendorView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** The names of the organization's vendors among `ids`, by id: what products show. */
  async names(organizationId: string, ids: string[]): Promise<Map<string, string>> {
    const rows = await repository.findNames(this.deps.db, organizationId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async get(organizationId: string, id: string): Promise<VendorView> {
    const row = await repository.findVendor(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return vendorView(row);
  }

  async create(organizationId: string, input: VendorData, language: Language): Promise<VendorView> {
    const row = await repository.insertVendor(
      this.deps.db,
      organizationId,
      values(input),
      this.deps.clock.now(),
    );
    if (row === 'code_taken') throw codeTaken(language);
    return vendorView(row);
  }

  async update(
    organizationId: string,
    id: string,
    input: VendorData,
    language: Language,
  ): Promise<VendorView> {
    const row = await repository.updateVendor(
      this.deps.db,
      organizationId,
      id,
      values(input),
      this.deps.clock.now(),
    );
    if (row === 'code_taken') throw codeTaken(language);
    if (!row) throw notFound();
    return vendorView(row);
  }

  /** Every vendor's id, name and code: what the products CSV import resolves a vendor by. */
  keys(organizationId: string): Promise<{ id: string; name: string; code: string }[]> {
    return repository.findVendorKeys(this.deps.db, organizationId);
  }

  async setStatus(organizationId: string, id: string, status: VendorStatus): Promise<VendorView> {
    const row = await repository.updateVendorStatus(
      this.deps.db,
      organizationId,
      id,
      status,
      this.deps.clock.now(),
    );
    if (!row) throw notFound();
    return vendorView(row);
  }

  /** RECORD_IN_USE (409) once records that name the vendor (products) refuse its deletion. */
  async remove(organizationId: string, id: string): Promise<void> {
    const deleted = await deleteUnlessReferenced(() =>
      repository.deleteVendor(this.deps.db, organizationId, id),
    );
    if (!deleted) throw notFound();
  }
}
