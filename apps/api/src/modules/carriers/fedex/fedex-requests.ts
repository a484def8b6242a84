import { mexicoDate, type QuoteParcel } from '@despacho/domain';
import type { CustomsDeclaration, LabelRequest, RateRequest } from '../carrier-adapter';
import type { LabelParty } from '../label-pdf';
import { FEDEX_SHIPMENT_PURPOSES, fedexCurrency } from './fedex-mapping';

/**
 * The bodies of FedEx's REST requests, built from ours (field names from FedEx's API reference).
 * Weights in KG and sizes in CM as we hold them; FedEx's money is decimal in its own currency
 * codes (NMP for pesos); Express is carrier FDXE.
 */

const account = (accountNumber: string) => ({ value: accountNumber });

/** FedEx takes address lines of at most 35 characters. */
const line = (text: string) => text.trim().slice(0, 35);

const packageLine = (parcel: QuoteParcel, index: number) => ({
  sequenceNumber: index + 1,
  weight: { units: 'KG', value: parcel.weight_kg },
  dimensions: {
    length: Math.ceil(parcel.length_cm),
    width: Math.ceil(parcel.width_cm),
    height: Math.ceil(parcel.height_cm),
    units: 'CM',
  },
});

export function rateBody(request: RateRequest, accountNumber: string) {
  const international = (request.originCountry ?? 'MX') !== (request.destinationCountry ?? 'MX');
  return {
    accountNumber: account(accountNumber),
    rateRequestControlParameters: { returnTransitTimes: true },
    requestedShipment: {
      shipper: {
        address: { postalCode: request.originZip, countryCode: request.originCountry ?? 'MX' },
      },
      recipient: {
        address: {
          postalCode: request.destinationZip,
          countryCode: request.destinationCountry ?? 'MX',
        },
      },
      shipDateStamp: mexicoDate(request.shipDate),
      pickupType: 'USE_SCHEDULED_PICKUP',
      rateRequestType: ['ACCOUNT', 'PREFERRED'],
      preferredCurrency: 'NMP',
      requestedPackageLineItems: request.parcels.map(packageLine),
      // FedEx prices a parcel abroad only with its customs outline; a quote knows no goods yet,
      // and duties are not in the transport price, so one nominal line stands for them.
      ...(international
        ? {
            customsClearanceDetail: {
              dutiesPayment: {
                paymentType: 'SENDER',
                payor: { responsibleParty: { accountNumber: account(accountNumber) } },
              },
              commodities: [
                {
                  description: 'Merchandise',
                  quantity: 1,
                  quantityUnits: 'PCS',
                  weight: {
                    units: 'KG',
                    value: request.parcels.reduce((sum, parcel) => sum + parcel.weight_kg, 0),
                  },
                  customsValue: { amount: 1, currency: 'USD' },
                },
              ],
            },
          }
        : {}),
    },
  };
}

/** A party of the shipment; the state code only where FedEx asks for one (US, CA: two letters). */
function party(who: LabelParty) {
  const street = [
    who.street,
    who.exteriorNumber,
    who.interiorNumber && `Int. ${who.interiorNumber}`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    contact: {
      personName: who.name,
      ...(who.company ? { companyName: who.company } : {}),
      ...(who.phone ? { phoneNumber: who.phone } : {}),
    },
    address: {
      streetLines: [line(street), line(who.neighborhood)].filter(Boolean),
      city: who.city,
      ...(/^[A-Z]{2}$/.test(who.state) ? { stateOrProvinceCode: who.state } : {}),
      postalCode: who.zip,
      countryCode: who.country ?? 'MX',
    },
  };
}

const amount = (cents: number) => Math.round(cents) / 100;

/**
 * What customs needs: the commercial invoice's lines with their HS codes, who pays duties (the
 * sender under DDP, billed to the same account; the receiver under DAP) and the terms of sale.
 */
function customsClearance(customs: CustomsDeclaration, accountNumber: string) {
  const currency = fedexCurrency(customs.currency);
  const total = customs.items.reduce((sum, item) => sum + item.unitValue * item.quantity, 0);
  return {
    dutiesPayment:
      customs.incoterm === 'DDP'
        ? {
            paymentType: 'SENDER',
            payor: { responsibleParty: { accountNumber: account(accountNumber) } },
          }
        : { paymentType: 'RECIPIENT' },
    isDocumentOnly: false,
    commercialInvoice: {
      shipmentPurpose: FEDEX_SHIPMENT_PURPOSES[customs.reason] ?? 'SOLD',
      termsOfSale: customs.incoterm,
      customerReferences: [
        { customerReferenceType: 'INVOICE_NUMBER', value: customs.invoiceNumber },
      ],
    },
    totalCustomsValue: { amount: amount(total), currency },
    commodities: customs.items.map((item) => ({
      description: item.description.slice(0, 450),
      countryOfManufacture: item.originCountry,
      harmonizedCode: item.hsCode.replace(/\D/g, ''),
      quantity: item.quantity,
      quantityUnits: 'PCS',
      numberOfPieces: 1,
      unitPrice: { amount: amount(item.unitValue), currency },
      customsValue: { amount: amount(item.unitValue * item.quantity), currency },
      // FedEx weighs the whole line, not one unit.
      weight: { units: 'KG', value: Number((item.weightKg * item.quantity).toFixed(3)) },
    })),
  };
}

/**
 * Electronic Trade Documents: the invoice we uploaded (its FedEx document id), or, without one,
 * the commercial invoice FedEx generates from the commodities.
 */
function tradeDocuments(customs: CustomsDeclaration, uploadedInvoiceId: string | null) {
  if (uploadedInvoiceId) {
    return {
      shipmentSpecialServices: {
        specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
        etdDetail: {
          attachedDocuments: [
            {
              documentType: 'COMMERCIAL_INVOICE',
              documentReference: customs.invoiceNumber,
              description: 'Commercial invoice',
              documentId: uploadedInvoiceId,
            },
          ],
        },
      },
    };
  }
  return {
    shipmentSpecialServices: {
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] },
    },
    shippingDocumentSpecification: {
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
      commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
    },
  };
}

export function shipBody(
  request: LabelRequest,
  serviceType: string,
  accountNumber: string,
  uploadedInvoiceId: string | null,
) {
  const references = request.reference
    ? [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: request.reference.slice(0, 30) }]
    : [];
  return {
    labelResponseOptions: 'LABEL',
    accountNumber: account(accountNumber),
    requestedShipment: {
      shipper: party(request.origin),
      recipients: [party(request.destination)],
      shipDatestamp: mexicoDate(request.createdAt),
      serviceType,
      packagingType: 'YOUR_PACKAGING',
      pickupType: 'USE_SCHEDULED_PICKUP',
      shippingChargesPayment: {
        paymentType: 'SENDER',
        payor: { responsibleParty: { accountNumber: account(accountNumber) } },
      },
      labelSpecification: {
        imageType: 'PNG',
        labelStockType: 'PAPER_4X6',
        labelFormatType: 'COMMON2D',
      },
      totalPackageCount: request.parcels.length,
      requestedPackageLineItems: request.parcels.map((parcel, index) => ({
        ...packageLine(parcel, index),
        ...(references.length > 0 ? { customerReferences: references } : {}),
      })),
      ...(request.customs
        ? {
            customsClearanceDetail: customsClearance(request.customs, accountNumber),
            ...tradeDocuments(request.customs, uploadedInvoiceId),
          }
        : {}),
    },
  };
}

/** The multipart form of the Trade Documents upload: the invoice PDF and what it is. */
export function invoiceUploadForm(request: LabelRequest, invoice: Uint8Array): FormData {
  const form = new FormData();
  form.set(
    'document',
    JSON.stringify({
      workflowName: 'ETDPreshipment',
      carrierCode: 'FDXE',
      name: `invoice-${request.customs!.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
      meta: {
        shipDocumentType: 'COMMERCIAL_INVOICE',
        originCountryCode: request.origin.country ?? 'MX',
        destinationCountryCode: request.destination.country ?? 'MX',
      },
    }),
  );
  form.set(
    'attachment',
    new Blob([invoice], { type: 'application/pdf' }),
    `invoice-${request.customs!.invoiceNumber}.pdf`,
  );
  return form;
}

export function cancelBody(trackingNumber: string, accountNumber: string) {
  return {
    accountNumber: account(accountNumber),
    trackingNumber,
    deletionControl: 'DELETE_ALL_PACKAGES',
    emailShipment: false,
    senderCountryCode: 'MX',
  };
}

export function trackBody(trackingNumber: string) {
  return {
    includeDetailedScans: true,
    trackingInfo: [{ trackingNumberInfo: { trackingNumber } }],
  };
}

export function pickupAvailabilityBody(originZip: string, now: Date) {
  return {
    pickupAddress: { postalCode: originZip, countryCode: 'MX' },
    pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
    dispatchDate: mexicoDate(now),
    carriers: ['FDXE'],
    countryRelationship: 'DOMESTIC',
  };
}

/**
 * A pickup at the account's address of record (`pickupAddressType: ACCOUNT`): our pickup
 * request names the postal code only, and FedEx collects where the account ships from.
 */
export function pickupBody(
  booking: { date: string; start: string; end: string; packageCount: number | null },
  accountNumber: string,
) {
  return {
    associatedAccountNumber: account(accountNumber),
    originDetail: {
      pickupAddressType: 'ACCOUNT',
      readyDateTimestamp: `${booking.date}T${booking.start}:00`,
      customerCloseTime: `${booking.end}:00`,
    },
    carrierCode: 'FDXE',
    ...(booking.packageCount ? { packageCount: booking.packageCount } : {}),
  };
}

/**
 * Our confirmation number of a FedEx pickup: FedEx cancels an Express pickup by its code, its
 * location and its day together, so the three travel in it ("12.NQAA.20261201").
 */
export function pickupConfirmation(pickup: { code: string; location?: string; date: string }) {
  return [pickup.code, pickup.location ?? '', pickup.date.replaceAll('-', '')].join('.');
}

/** The cancellation of a pickup we booked; null for a number that is not one of ours. */
export function pickupCancelBody(confirmationNumber: string, accountNumber: string) {
  const match = /^([^.]+)\.([^.]*)\.(\d{4})(\d{2})(\d{2})$/.exec(confirmationNumber);
  if (!match) return null;
  const [, code, location, year, month, day] = match;
  return {
    associatedAccountNumber: account(accountNumber),
    pickupConfirmationCode: code,
    scheduledDate: `${year}-${month}-${day}`,
    carrierCode: 'FDXE',
    ...(location ? { location } : {}),
  };
}
