import type {
  CustomerAddressData,
  CustomerAddressView,
  CustomerData,
  CustomerListItem,
  CustomersQuery,
  CustomerView,
  PageMeta,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { deleteUnlessReferenced } from '../../platform/db-errors';
import { notFound } from '../../platform/errors';
import { addressValues, addressView } from '../addresses';
import * as repository from './customers.repository';
import { searchWords } from '../../platform/search';
import { customerSearchText } from './customers.search';

function customerValues(input: CustomerData): repository.CustomerValues {
  return {
    name: input.name,
    lastName: input.last_name ?? null,
    company: input.company ?? null,
    email: input.email,
    phone: input.phone,
    taxId: input.tax_id ?? null,
    searchText: customerSearchText(
      input,
      input.addresses.map((address) => address.zip),
    ),
  };
}

function placed(address: CustomerAddressData, position: number): repository.PlacedAddress {
  return {
    position,
    isDefault: address.is_default,
    values: {
      alias: address.alias,
      company: address.company ?? null,
      contactName: address.contact_name,
      contactEmail: address.contact_email ?? null,
      contactPhone: address.contact_phone,
      ...addressValues(address),
    },
  };
}

export function customerAddressView(row: repository.CustomerAddressRow): CustomerAddressView {
  return {
    id: row.id,
    alias: row.alias,
    company: row.company,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    ...addressView(row),
    is_default: row.isDefault,
  };
}

function customerFields(row: Omit<repository.CustomerRow, 'searchText'>) {
  return {
    id: row.id,
    name: row.name,
    last_name: row.lastName,
    company: row.company,
    email: row.email,
    phone: row.phone,
    tax_id: row.taxId,
    is_favorite: row.isFavorite,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The customers of an organization (`clients`), always scoped by the caller's organization:
 * another organization's id answers NOT_FOUND. A customer has one to 20 addresses and exactly
 * one of them is the default. Every change of the addresses or the default runs in one
 * transaction that locks the customer row, so two at once cannot leave none or two defaults,
 * and rewrites `search_text` when what it holds (names, email, phone, zips) may have changed.
 */
export class CustomersService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(
    organizationId: string,
    query: CustomersQuery,
  ): Promise<{ data: CustomerListItem[]; meta: PageMeta }> {
    const { db } = this.deps;
    const { ids, total } = await repository.findCustomerPage(db, organizationId, {
      words: searchWords(query.search),
      favorites: query.favorites,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
    const items = await repository.findListItems(db, organizationId, ids);
    return {
      data: items.map(({ customer, address, count }) => ({
        ...customerFields(customer),
        default_address: customerAddressView(address),
        address_count: count,
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<CustomerView> {
    const row = await repository.findCustomer(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.view(this.deps.db, row);
  }

  /**
   * The customer with this email or phone, or the one `input` describes, created once: a lock
   * per contact (transaction-scoped) makes two orders of one new buyer, applied side by side,
   * meet one customer instead of creating two. Null when none matches and there is no input.
   */
  async findOrCreateByContact(
    organizationId: string,
    contact: { email?: string; phone?: string },
    input: () => CustomerData | null,
  ): Promise<string | null> {
    const keys = [
      contact.email ? `email:${contact.email}` : null,
      contact.phone ? `phone:${contact.phone}` : null,
    ].filter((key): key is string => key !== null);
    return this.deps.db.transaction(async (tx) => {
      await repository.lockContacts(tx, organizationId, keys);
      const found = await repository.findByContact(tx, organizationId, contact);
      if (found) return found.id;
      const data = input();
      return data ? (await this.create(organizationId, data, tx)).id : null;
    });
  }

  /** Creates the customer and its addresses together; `db` lets the demo seed pass its transaction. */
  async create(
    organizationId: string,
    input: CustomerData,
    db: DbOrTx = this.deps.db,
  ): Promise<CustomerView> {
    const now = this.deps.clock.now();
    return db.transaction(async (tx) => {
      const row = await repository.insertCustomer(
        tx,
        organizationId,
        customerValues(input),
        input.is_favorite,
        now,
      );
      await repository.insertAddresses(tx, organizationId, row.id, input.addresses.map(placed));
      return this.view(tx, row);
    });
  }

  /**
   * Replaces the customer and its whole address list: an address sent with the `id` of one of
   * this customer's addresses updates it, one without an id is added, and the ones not sent are
   * deleted. An id that is not this customer's answers NOT_FOUND and changes nothing.
   */
  async replace(organizationId: string, id: string, input: CustomerData): Promise<CustomerView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const current = await repository.findCustomer(tx, organizationId, id, true);
      if (!current) throw notFound();
      const existing = await repository.findAddressIds(tx, id);
      const kept = input.addresses.flatMap((address) => (address.id ? [address.id] : []));
      if (kept.some((addressId) => !existing.has(addressId))) throw notFound();

      // Nothing references an address (a guide copies it), so dropping one is always allowed.
      await repository.deleteAddressesExcept(tx, id, kept);
      // Clear first, then mark: the partial unique index never sees two defaults.
      await repository.clearDefault(tx, id);
      const added: repository.PlacedAddress[] = [];
      for (const [position, address] of input.addresses.entries()) {
        if (address.id)
          await repository.updateAddress(tx, id, address.id, placed(address, position));
        else added.push(placed(address, position));
      }
      await repository.insertAddresses(tx, organizationId, id, added);
      const row = await repository.updateCustomer(
        tx,
        organizationId,
        id,
        { ...customerValues(input), isFavorite: input.is_favorite },
        now,
      );
      return this.view(tx, row!);
    });
  }

  async setFavorite(
    organizationId: string,
    id: string,
    isFavorite: boolean,
  ): Promise<CustomerView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await repository.updateCustomer(tx, organizationId, id, { isFavorite }, now);
      if (!row) throw notFound();
      return this.view(tx, row);
    });
  }

  /** Makes one of the customer's addresses the default; the previous default stops being it. */
  async setDefaultAddress(
    organizationId: string,
    id: string,
    addressId: string,
  ): Promise<CustomerView> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const current = await repository.findCustomer(tx, organizationId, id, true);
      if (!current) throw notFound();
      const addresses = await repository.findAddresses(tx, id);
      const address = addresses.find((candidate) => candidate.id === addressId);
      if (!address) throw notFound();
      if (address.isDefault) return customerView(current, addresses);
      await repository.clearDefault(tx, id);
      await repository.markDefault(tx, id, addressId);
      const row = await repository.updateCustomer(tx, organizationId, id, {}, now);
      return this.view(tx, row!);
    });
  }

  /**
   * Deletes the customer and, by cascade, its addresses. Guides made for it reference it with
   * ON DELETE RESTRICT: then this answers RECORD_IN_USE and the customer stays.
   */
  async remove(organizationId: string, id: string): Promise<void> {
    const deleted = await deleteUnlessReferenced(() =>
      repository.deleteCustomer(this.deps.db, organizationId, id),
    );
    if (!deleted) throw notFound();
  }

  private async view(db: DbOrTx, row: repository.CustomerRow): Promise<CustomerView> {
    return customerView(row, await repository.findAddresses(db, row.id));
  }
}

/** A customer with its addresses, the default first. */
export function customerView(
  row: repository.CustomerRow,
  addresses: repository.CustomerAddressRow[],
): CustomerView {
  return { ...customerFields(row), addresses: addresses.map(customerAddressView) };
}
