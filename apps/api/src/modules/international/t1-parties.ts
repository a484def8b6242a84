import {
  addressViewOf,
  toMxnCentavos,
  type ForeignAddress,
  type ForeignAddressView,
  type LocationView,
  type QuoteParcel,
  type ShipmentParty,
  type T1Currency,
  type T1Direction,
  type T1LineView,
} from '@despacho/domain';
import type { PurchaseData } from '../shipments';

export const foreignAddressView = (address: ForeignAddress): ForeignAddressView => ({
  country: address.country,
  postal_code: address.postal_code,
  city: address.city,
  state: address.state ?? null,
  line1: address.line1,
  line2: address.line2 ?? null,
  contact_name: address.contact_name,
  company: address.company ?? null,
  email: address.email,
  phone: address.phone,
});

/**
 * The side abroad as a guide stores a party: its first line is the street, the second stands
 * where a Mexican address has its colonia, the city is also the municipality.
 */
export const foreignParty = (address: ForeignAddressView): ShipmentParty => ({
  street: address.line1,
  external_number: '',
  internal_number: null,
  reference: null,
  neighborhood: address.line2 ?? '',
  city: address.city,
  municipality: address.city,
  state: address.state ?? '',
  zip: address.postal_code,
  country: address.country,
  contact_name: address.contact_name,
  company: address.company,
  email: address.email,
  phone: address.phone,
});

const locationParty = (location: LocationView): ShipmentParty => ({
  ...addressViewOf(location),
  contact_name: location.contact_name,
  company: location.company,
  email: location.contact_email,
  phone: location.contact_phone,
});

/** Which postal codes and countries the quote is between. */
export function quoteEnds(direction: T1Direction, location: LocationView, abroad: ForeignAddress) {
  const mexico = { zip: location.zip, country: 'MX' };
  const foreign = { zip: abroad.postal_code, country: abroad.country };
  const [origin, destination] = direction === 'export' ? [mexico, foreign] : [foreign, mexico];
  return {
    origin_zip: origin.zip,
    origin_country: origin.country,
    destination_zip: destination.zip,
    destination_country: destination.country,
  };
}

/** A party as the purchase takes a typed destination (blank fields absent, not null). */
const newDestination = (party: ShipmentParty) => ({
  kind: 'new' as const,
  ...party,
  internal_number: party.internal_number ?? undefined,
  reference: party.reference ?? undefined,
  company: party.company ?? undefined,
  email: party.email ?? '',
});

export interface PurchaseOfDeclaration {
  direction: T1Direction;
  location: LocationView;
  abroad: ForeignAddressView;
  parcels: readonly QuoteParcel[];
  lines: readonly (T1LineView & { sat_product_code: string; sat_unit_code: string })[];
  currency: T1Currency;
  /** Ten-thousandths of MXN per USD, of the estimate's exchange rate. */
  usdMxn: number;
  shippingQuoteId: string;
  rateId: string;
  reference: string | null;
}

/**
 * The guide purchase of a declaration, through the shipments module's one purchase path: on an
 * export the organization's location ships to the party abroad; on an import the party abroad
 * is the guide's given origin and the location receives it. The Carta Porte goods are the
 * invoice's lines in the first package, valued in pesos.
 */
export function purchaseOf(declaration: PurchaseOfDeclaration): {
  data: PurchaseData;
  origin?: ShipmentParty;
} {
  const abroad = foreignParty(declaration.abroad);
  const goods = declaration.lines.map((line) => ({
    description: line.product.name.slice(0, 100),
    quantity: line.quantity,
    sat_product_code: line.sat_product_code,
    sat_unit_code: line.sat_unit_code,
    unit_value:
      declaration.currency === 'MXN'
        ? line.unit_value
        : toMxnCentavos(line.unit_value, declaration.usdMxn),
  }));
  const packages = declaration.parcels.map((parcel, index) => ({
    name: undefined,
    unit: 'cm_kg' as const,
    length: parcel.length_cm,
    width: parcel.width_cm,
    height: parcel.height_cm,
    weight: parcel.weight_kg,
    products: index === 0 ? goods : [],
  }));
  const common = {
    packages,
    quote_id: declaration.shippingQuoteId,
    rate_id: declaration.rateId,
    reference: declaration.reference ?? undefined,
    insurance: null,
    pickup_time_range: null,
  };
  if (declaration.direction === 'export') {
    return {
      data: {
        ...common,
        location_id: declaration.location.id,
        destination: newDestination(abroad),
      },
    };
  }
  return {
    origin: abroad,
    data: {
      ...common,
      destination: newDestination(locationParty(declaration.location)),
    } as PurchaseData,
  };
}
