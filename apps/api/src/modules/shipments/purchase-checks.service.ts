import {
  addressViewOf,
  guideCharges,
  localizeIssue,
  parcelInCmKg,
  type GuideCharges,
  type Language,
  type RateView,
  type ShipmentCreateData,
  type ShipmentParty,
} from '@despacho/domain';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { LocationsService } from '../addresses';
import type { SatProductsService, SatUnitsService } from '../catalogs';
import type { CustomersService } from '../customers';
import type { PackagesService } from '../packages';
import type { ProductVariantsService } from '../products';
import { INSURANCE_INVOICE_PURPOSE } from './insurance-invoice';
import type { QuotesService, StoredQuote } from './quotes.service';

export interface PurchaseChecksDeps {
  files: Pick<FileStore, 'find'>;
  quotes: Pick<QuotesService, 'loadForPurchase' | 'assertMatches'>;
  locations: Pick<LocationsService, 'get'>;
  customers: Pick<CustomersService, 'get'>;
  packages: Pick<PackagesService, 'get'>;
  satProducts: Pick<SatProductsService, 'assertKnownCode'>;
  satUnits: Pick<SatUnitsService, 'unknownCodes'>;
  productVariants: Pick<ProductVariantsService, 'assertVariants'>;
}

/**
 * What a purchase buys: the merchant's request, or a server-side caller's (an exit shipped from
 * a platform warehouse) that gives its own origin instead of an address-book location.
 */
export type PurchaseData = Omit<ShipmentCreateData, 'location_id'> & { location_id?: string };

/** Everything a purchase needs once the request is checked, before anything is written. */
export interface PurchasePlan {
  quote: StoredQuote;
  rate: RateView;
  origin: ShipmentParty;
  destination: ShipmentParty;
  customerId: string | null;
  charges: GuideCharges;
}

/** The value of each promise, or the first error in the order given (not the order settled). */
async function inOrder<T extends readonly unknown[]>(promises: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Step 1 of a guide purchase (decision 017): the origin, destination, quote and rate, and every
 * check against the organization's records and the SAT catalogues, before anything is written.
 * The price is the stored rate's, never the browser's.
 */
export class PurchaseChecksService {
  constructor(private readonly deps: PurchaseChecksDeps) {}

  async plan(
    organizationId: string,
    data: PurchaseData,
    language: Language,
    now: Date,
    fixedOrigin?: ShipmentParty,
  ): Promise<PurchasePlan> {
    const [origin, destination, { quote, rate }] = await inOrder<
      [
        ShipmentParty,
        { party: ShipmentParty; customerId: string | null },
        { quote: StoredQuote; rate: RateView },
      ]
    >([
      fixedOrigin ? Promise.resolve(fixedOrigin) : this.originOf(organizationId, data.location_id),
      this.destinationOf(organizationId, data.destination),
      this.deps.quotes.loadForPurchase(organizationId, data.quote_id, data.rate_id, now),
    ]);
    this.deps.quotes.assertMatches(quote, {
      originZip: origin.zip,
      destinationZip: destination.party.zip,
      originCountry: origin.country,
      destinationCountry: destination.party.country,
      parcels: data.packages.map((pkg) => parcelInCmKg(pkg)),
    });
    await inOrder([
      this.checkSavedPackages(organizationId, data),
      this.checkVariants(organizationId, data),
      this.checkCatalogues(data, language),
      this.checkInvoice(organizationId, data.insurance?.invoice_file_id ?? null),
    ]);

    return {
      quote,
      rate,
      origin,
      destination: destination.party,
      customerId: destination.customerId,
      charges: guideCharges(rate, data.insurance?.declared_value ?? null),
    };
  }

  /** The merchant's address-book location the guide leaves from (NOT_FOUND unless theirs). */
  private async originOf(organizationId: string, locationId: string | undefined) {
    if (!locationId) throw notFound();
    const location = await this.deps.locations.get(organizationId, locationId);
    return {
      ...addressViewOf(location),
      contact_name: location.contact_name,
      company: location.company,
      email: location.contact_email,
      phone: location.contact_phone,
    };
  }

  /** A saved customer's address (NOT_FOUND unless both are the organization's) or a new one. */
  private async destinationOf(
    organizationId: string,
    destination: ShipmentCreateData['destination'],
  ): Promise<{ party: ShipmentParty; customerId: string | null }> {
    if (destination.kind === 'new') {
      return {
        party: {
          ...addressViewOf(destination),
          contact_name: destination.contact_name,
          company: destination.company ?? null,
          email: destination.email,
          phone: destination.phone,
        },
        customerId: null,
      };
    }
    const customer = await this.deps.customers.get(organizationId, destination.customer_id);
    const address = customer.addresses.find((known) => known.id === destination.address_id);
    if (!address) throw notFound();
    return {
      party: {
        ...addressViewOf(address),
        contact_name: address.contact_name,
        company: address.company ?? customer.company,
        email: address.contact_email ?? customer.email,
        phone: address.contact_phone,
      },
      customerId: customer.id,
    };
  }

  /** Saved packages the parcels came from must be the organization's (NOT_FOUND otherwise). */
  private async checkSavedPackages(organizationId: string, data: PurchaseData) {
    const ids = new Set(data.packages.flatMap((pkg) => (pkg.package_id ? [pkg.package_id] : [])));
    await Promise.all([...ids].map((id) => this.deps.packages.get(organizationId, id)));
  }

  /** Product lines picked from the catalogue must name the organization's variants (NOT_FOUND). */
  private async checkVariants(organizationId: string, data: PurchaseData) {
    const ids = data.packages.flatMap((pkg) =>
      pkg.products.flatMap((product) => (product.variant_id ? [product.variant_id] : [])),
    );
    await this.deps.productVariants.assertVariants(organizationId, ids);
  }

  /**
   * The products' SAT keys against the catalogues once they are imported: the product type
   * exactly as packages check theirs (`sat_product_codes`), the unit as the unit catalogue's
   * service does (`sat_unit_codes`). Every refused key is reported under its field.
   */
  private async checkCatalogues(data: PurchaseData, language: Language) {
    const productCodes = new Map<string, string[]>();
    const unitCodes = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, code: string, path: string) =>
      map.set(code, [...(map.get(code) ?? []), path]);
    data.packages.forEach((pkg, i) =>
      pkg.products.forEach((product, j) => {
        const path = `packages.${i}.products.${j}`;
        add(productCodes, product.sat_product_code, `${path}.sat_product_code`);
        add(unitCodes, product.sat_unit_code, `${path}.sat_unit_code`);
      }),
    );
    const fields: Record<string, string> = {};
    const [, unknownUnits] = await Promise.all([
      Promise.all(
        [...productCodes].map(([code, paths]) =>
          this.deps.satProducts
            .assertKnownCode(code, language, paths[0])
            .catch((error: unknown) => {
              if (!(error instanceof AppError) || !error.fields) throw error;
              const message = Object.values(error.fields)[0]!;
              for (const path of paths) fields[path] = message;
            }),
        ),
      ),
      this.deps.satUnits.unknownCodes([...unitCodes.keys()]),
    ]);
    for (const code of unknownUnits) {
      for (const path of unitCodes.get(code)!) {
        fields[path] = localizeIssue({ message: 'sat_unit_code' }, language);
      }
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
  }

  /** An uploaded insurance invoice must be the organization's (NOT_FOUND otherwise). */
  private async checkInvoice(organizationId: string, fileId: string | null) {
    if (!fileId) return;
    const file = await this.deps.files.find(organizationId, fileId);
    if (file.purpose !== INSURANCE_INVOICE_PURPOSE) throw notFound();
  }
}
