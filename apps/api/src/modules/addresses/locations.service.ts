import type { LocationData, LocationsQuery, LocationView, PageMeta } from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { deleteUnlessReferenced } from '../../platform/db-errors';
import { addressValues, addressView } from './address-columns';
import * as repository from './locations.repository';

function values(input: LocationData): repository.LocationValues {
  return {
    alias: input.alias,
    company: input.company ?? null,
    contactName: input.contact_name,
    contactEmail: input.contact_email,
    contactPhone: input.contact_phone,
    ...addressValues(input),
  };
}

export function locationView(row: repository.LocationRow): LocationView {
  return {
    id: row.id,
    alias: row.alias,
    company: row.company,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    ...addressView(row),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Origin addresses of an organization (`settings/locations`), always scoped by the caller's
 * organization: another organization's id answers NOT_FOUND. While any location exists exactly
 * one is the default: the first one becomes it, marking another moves it, and deleting the
 * default moves it to the most recently created other location. Default changes run in a
 * transaction that holds the organization's lock, so two at once cannot leave none or two.
 */
export class LocationsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(
    organizationId: string,
    query: LocationsQuery,
  ): Promise<{ data: LocationView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findLocations(this.deps.db, organizationId, query);
    return {
      data: rows.map(locationView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<LocationView> {
    const row = await repository.findLocation(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return locationView(row);
  }

  /** The alias of each of the organization's location ids (pickups name their location). */
  async aliases(organizationId: string, ids: string[]): Promise<Map<string, string>> {
    const rows = await repository.findAliases(this.deps.db, organizationId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.alias]));
  }

  async create(organizationId: string, input: LocationData): Promise<LocationView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await repository.lockOrganization(tx, organizationId);
      const first = (await repository.countLocations(tx, organizationId)) === 0;
      const isDefault = first || input.is_default;
      if (isDefault) await repository.clearDefault(tx, organizationId, now);
      return locationView(
        await repository.insertLocation(tx, organizationId, values(input), isDefault, now),
      );
    });
  }

  /** `is_default: true` moves the default here; `false` never removes it (mark another instead). */
  async update(organizationId: string, id: string, input: LocationData): Promise<LocationView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await repository.lockOrganization(tx, organizationId);
      const current = await repository.findLocation(tx, organizationId, id, true);
      if (!current) throw notFound();
      if (input.is_default && !current.isDefault) {
        await repository.clearDefault(tx, organizationId, now);
        await repository.markDefault(tx, organizationId, id, now);
      }
      const row = await repository.updateLocation(tx, organizationId, id, values(input), now);
      return locationView(row!);
    });
  }

  async setDefault(organizationId: string, id: string): Promise<LocationView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await repository.lockOrganization(tx, organizationId);
      const current = await repository.findLocation(tx, organizationId, id, true);
      if (!current) throw notFound();
      if (current.isDefault) return locationView(current);
      await repository.clearDefault(tx, organizationId, now);
      return locationView((await repository.markDefault(tx, organizationId, id, now))!);
    });
  }

  async remove(organizationId: string, id: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await repository.lockOrganization(tx, organizationId);
      const current = await repository.findLocation(tx, organizationId, id, true);
      if (!current) throw notFound();
      // Guides that left from it and pickups there reference it with ON DELETE RESTRICT:
      // RECORD_IN_USE then, and the default stays where it is.
      await deleteUnlessReferenced(() => repository.deleteLocation(tx, organizationId, id));
      if (current.isDefault) {
        const next = await repository.newestOther(tx, organizationId, id);
        if (next) await repository.markDefault(tx, organizationId, next.id, now);
      }
    });
  }
}
