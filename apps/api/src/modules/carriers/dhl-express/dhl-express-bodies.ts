import {
  MEXICAN_STATES,
  mexicoDate,
  mexicoTime,
  stateOfZip,
  type QuoteParcel,
} from '@despacho/domain';
import type {
  CustomsDeclaration,
  LabelRequest,
  PickupRequest,
  RateRequest,
} from '../carrier-adapter';
import { CarrierError } from '../carrier-adapter';
import type { LabelParty } from '../label-pdf';
import { DHL_SERVICE_CODES } from './dhl-express-mapping';

/**
 * The JSON bodies Despacho sends to the MyDHL API (3.x), built from our requests. Metric units
 * throughout; times are the shipper's local time, which for Despacho's Mexican shippers is
 * Mexico City's (GMT-06:00, no daylight saving since 2022).
 */

const MEXICO_OFFSET = 'GMT-06:00';

/** DHL's `plannedShippingDateAndTime` for an instant: "2026-11-30T10:00:00 GMT-06:00". */
export function dhlLocalDateTime(instant: Date): string {
  return `${mexicoDate(instant)}T${mexicoTime(instant)}:00 ${MEXICO_OFFSET}`;
}

/** The same for a pickup's day and window start. */
export const dhlPickupDateTime = (date: string, start: string) =>
  `${date}T${start}:00 ${MEXICO_OFFSET}`;

const shipper = (accountNumber: string) => [{ typeCode: 'shipper', number: accountNumber }];

const packages = (parcels: readonly QuoteParcel[]) =>
  parcels.map((parcel) => ({
    weight: parcel.weight_kg,
    dimensions: {
      length: Math.ceil(parcel.length_cm),
      width: Math.ceil(parcel.width_cm),
      height: Math.ceil(parcel.height_cm),
    },
  }));

/**
 * A rating address from a postal code alone. DHL rates by postal code where a country has them
 * but its schema requires a city: a Mexican code gives its state (SEPOMEX ranges), abroad the
 * postal code stands in for the city.
 */
function ratingAddress(zip: string, country: string) {
  const state = country === 'MX' ? stateOfZip(zip) : null;
  return { postalCode: zip, cityName: state ? MEXICAN_STATES[state] : zip, countryCode: country };
}

export function ratesBody(request: RateRequest, accountNumber: string) {
  const originCountry = request.originCountry ?? 'MX';
  const destinationCountry = request.destinationCountry ?? 'MX';
  return {
    customerDetails: {
      shipperDetails: ratingAddress(request.originZip, originCountry),
      receiverDetails: ratingAddress(request.destinationZip, destinationCountry),
    },
    accounts: shipper(accountNumber),
    plannedShippingDateAndTime: dhlLocalDateTime(request.shipDate),
    unitOfMeasurement: 'metric',
    // Goods crossing a border are declarable (dutiable); within Mexico they are not.
    isCustomsDeclarable: originCountry !== destinationCountry,
    packages: packages(request.parcels),
  };
}

/** DHL's limits on address lines (45) and names (255; companies 100). */
const cut = (value: string, max: number) => Array.from(value).slice(0, max).join('');

/** A party of a shipment or pickup: address and contact, as DHL requires both. */
export function dhlParty(party: LabelParty, role: string) {
  if (!party.phone?.trim()) {
    throw new CarrierError(
      'dhl_express',
      'rejected',
      `DHL Express pide un teléfono de contacto del ${role}; agrégalo al domicilio.`,
    );
  }
  const street = [party.street, party.exteriorNumber, party.interiorNumber]
    .filter(Boolean)
    .join(' ');
  return {
    postalAddress: {
      postalCode: party.zip,
      cityName: cut(party.city, 45),
      countryCode: party.country ?? 'MX',
      addressLine1: cut(street, 45),
      ...(party.neighborhood ? { addressLine2: cut(party.neighborhood, 45) } : {}),
      ...(party.state ? { addressLine3: cut(party.state, 45) } : {}),
    },
    contactInformation: {
      phone: party.phone.trim(),
      companyName: cut(party.company?.trim() || party.name, 100),
      fullName: cut(party.name, 255),
    },
  };
}

/** Cents to DHL's decimal amounts. */
const amount = (cents: number) => cents / 100;

/** Why goods travel, as DHL's `exportReasonType` names it; another reason is sent as text only. */
const EXPORT_REASON_TYPES: Record<string, string> = {
  SALE: 'commercial_purpose_or_sale',
  GIFT: 'gift',
  SAMPLE: 'sample',
  RETURN: 'return',
  REPAIR: 'temporary',
  PERSONAL_USE: 'personal_belongings_or_personal_use',
};

/** The export declaration of a shipment abroad: commercial invoice lines with HS codes. */
function exportDeclaration(customs: CustomsDeclaration) {
  return {
    lineItems: customs.items.map((item, index) => ({
      number: index + 1,
      description: cut(item.description, 512),
      price: amount(item.unitValue),
      quantity: { value: item.quantity, unitOfMeasurement: 'PCS' },
      commodityCodes: [{ typeCode: 'outbound', value: item.hsCode }],
      manufacturerCountry: item.originCountry,
      weight: { netValue: item.weightKg, grossValue: item.weightKg },
    })),
    invoice: { number: customs.invoiceNumber, date: customs.invoiceDate },
    exportReason: cut(customs.reason, 30),
    ...(EXPORT_REASON_TYPES[customs.reason]
      ? { exportReasonType: EXPORT_REASON_TYPES[customs.reason] }
      : {}),
  };
}

/** The goods' description DHL prints and customs reads (English for a shipment abroad). */
function contentDescription(request: LabelRequest): string {
  const text = request.customs
    ? request.customs.items.map((item) => item.description).join(', ')
    : request.goods.map((good) => good.description).join(', ');
  return cut(text.trim() || 'Merchandise', 70);
}

export function shipmentBody(request: LabelRequest, productCode: string, accountNumber: string) {
  const customs = request.customs;
  const declaredValue = customs
    ? customs.items.reduce((sum, item) => sum + item.unitValue * item.quantity, 0)
    : request.goods.reduce((sum, good) => sum + good.unitValue * good.quantity, 0);
  const paperless = Boolean(customs?.invoicePdf);
  return {
    plannedShippingDateAndTime: dhlLocalDateTime(request.createdAt),
    // Pickups are booked on their own (`schedulePickup`), never with the guide.
    pickup: { isRequested: false },
    productCode,
    accounts: shipper(accountNumber),
    ...(paperless
      ? { valueAddedServices: [{ serviceCode: DHL_SERVICE_CODES.paperlessTrade }] }
      : {}),
    outputImageProperties: {
      printerDPI: 200,
      encodingFormat: 'pdf',
      // DHL's A6 label template: the one that fits 4×6 in stock (its default is 8×4 in).
      imageOptions: [{ typeCode: 'label', templateName: 'ECOM26_A6_002' }],
    },
    ...(request.reference
      ? { customerReferences: [{ value: cut(request.reference, 35), typeCode: 'CU' }] }
      : {}),
    customerDetails: {
      shipperDetails: dhlParty(request.origin, 'remitente'),
      receiverDetails: dhlParty(request.destination, 'destinatario'),
    },
    content: {
      packages: packages(request.parcels),
      isCustomsDeclarable: Boolean(customs),
      declaredValue: amount(declaredValue),
      declaredValueCurrency: customs?.currency ?? 'MXN',
      ...(customs ? { exportDeclaration: exportDeclaration(customs) } : {}),
      description: contentDescription(request),
      incoterm: customs?.incoterm ?? 'DAP',
      unitOfMeasurement: 'metric',
    },
    ...(paperless
      ? {
          documentImages: [
            {
              typeCode: 'INV',
              imageFormat: 'PDF',
              content: Buffer.from(customs!.invoicePdf!).toString('base64'),
            },
          ],
        }
      : {}),
  };
}

/** What DHL's tracking tells of a guide for a pickup booking (product and pieces). */
export interface PickupShipment {
  trackingNumber: string;
  productCode: string;
  customsDeclarable: boolean;
  weightsKg: number[];
}

/** The body of a pickup booking (POST) or its move (PATCH adds the confirmation). */
export function pickupBody(
  request: Omit<PickupRequest, 'trackingNumbers'>,
  address: LabelParty,
  accountNumber: string,
  shipments: readonly PickupShipment[],
) {
  return {
    plannedPickupDateAndTime: dhlPickupDateTime(request.date, request.start),
    closeTime: request.end,
    location: 'reception',
    accounts: shipper(accountNumber),
    customerDetails: { shipperDetails: dhlParty(address, 'domicilio de recolección') },
    ...(shipments.length > 0
      ? {
          shipmentDetails: shipments.map((shipment) => ({
            productCode: shipment.productCode,
            isCustomsDeclarable: shipment.customsDeclarable,
            unitOfMeasurement: 'metric',
            shipmentTrackingNumber: shipment.trackingNumber,
            packages: shipment.weightsKg.map((weight) => ({ weight })),
          })),
        }
      : {}),
  };
}
