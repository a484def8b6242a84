import {
  cancellationDeadline,
  cancellationRefusal,
  carrierByKey,
  errorMessage,
  refundDueBy,
  trackingDescription,
  trackingPagePath,
  type Language,
  type QuoteStatus,
  type ShipmentDetail,
  type ShipmentSummary,
} from '@despacho/domain';
import type {
  PickupRow,
  ShipmentPackageRow,
  ShipmentProductRow,
  ShipmentRow,
  TrackingEventRow,
} from './shipments.repository';

/** The carrier's name and the service's, in the reader's language, from the catalogue. */
export function carrierNames(
  row: Pick<ShipmentRow, 'carrierKey' | 'serviceKey'>,
  language: Language,
) {
  const carrier = carrierByKey(row.carrierKey);
  const service = carrier?.services.find((known) => known.key === row.serviceKey);
  return {
    carrier_name: carrier?.name ?? row.carrierKey,
    service_name: service?.name[language] ?? row.serviceKey,
  };
}

/** "30 × 20 × 15 cm": how the list shows a package's size. */
const plain = (value: number) => String(Number(value.toFixed(2)));
export const dimensionsText = (
  pkg: Pick<ShipmentPackageRow, 'lengthCm' | 'widthCm' | 'heightCm'>,
) => `${plain(pkg.lengthCm)} × ${plain(pkg.widthCm)} × ${plain(pkg.heightCm)} cm`;

/** A row of the shipments list: the guide, its first package and how many, its pickup. */
/** What the list and the detail show of a guide's pickup. */
export type PickupFacts = Pick<PickupRow, 'confirmationNumber' | 'date' | 'startTime' | 'endTime'>;

export function shipmentSummary(
  row: ShipmentRow,
  packages: ShipmentPackageRow[],
  pickup: PickupFacts | null | undefined,
  language: Language,
): ShipmentSummary {
  const first = packages[0];
  return {
    id: row.id,
    tracking_number: row.trackingNumber,
    carrier_key: row.carrierKey,
    ...carrierNames(row, language),
    cost: row.total,
    dimensions: first ? dimensionsText(first) : '',
    package_count: packages.length,
    billable_weight_kg: row.billableWeightKg,
    insured: row.declaredValue !== null,
    declared_value: row.declaredValue,
    status: row.status,
    purchase_state: row.purchaseState,
    location_id: row.locationId,
    origin_name: row.origin.company ?? row.origin.contact_name,
    origin_zip: row.origin.zip,
    destination_name: row.destinationName,
    destination_zip: row.destinationZip,
    pickup: pickup
      ? {
          confirmation_number: pickup.confirmationNumber,
          date: pickup.date,
          start: pickup.startTime,
          end: pickup.endTime,
        }
      : null,
    cancellation_requested_at: row.cancellationRequestedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface DetailParts {
  row: ShipmentRow;
  quoteStatus: QuoteStatus;
  packages: ShipmentPackageRow[];
  products: ShipmentProductRow[];
  events: TrackingEventRow[];
  /** Null when the guide has none. */
  pickup: PickupFacts | null;
}

/**
 * The guide detail: route, packages with their products, charges, the timeline, and whether it
 * can still be cancelled (and why not, in the reader's language).
 */
export function shipmentDetail(
  parts: DetailParts,
  context: { language: Language; now: Date; appUrl: string },
): ShipmentDetail {
  const { row, packages, products, events, pickup } = parts;
  const { language } = context;
  const refusal = cancellationRefusal(
    {
      createdAt: row.createdAt,
      status: row.status,
      cancellationRequested: row.cancellationRequestedAt !== null,
    },
    context.now,
  );
  return {
    ...shipmentSummary(row, packages, pickup, language),
    service_key: row.serviceKey,
    quote_status: parts.quoteStatus,
    carrier_status: row.carrierStatus,
    sandbox: row.sandbox,
    rate: {
      zone: row.zone,
      transit_days: { min: row.transitDaysMin, max: row.transitDaysMax },
      estimated_delivery: row.estimatedDelivery,
      extended_zone: row.extendedZone,
    },
    reference: row.reference,
    origin: row.origin,
    destination: row.destination,
    customer_id: row.customerId,
    packages: packages.map((pkg) => ({
      name: pkg.name,
      length_cm: pkg.lengthCm,
      width_cm: pkg.widthCm,
      height_cm: pkg.heightCm,
      weight_kg: pkg.weightKg,
      products: products
        .filter((product) => product.packagePosition === pkg.position)
        .map((product) => ({
          description: product.description,
          quantity: product.quantity,
          sat_product_code: product.satProductCode,
          sat_unit_code: product.satUnitCode,
          unit_value: product.unitValue,
        })),
    })),
    charges: {
      carrier: row.carrierCost,
      insurance_premium: row.insurancePremium,
      vat: row.vat,
      total: row.total,
      deductible: row.deductible,
      // A cancellation refunds the whole charge in one ledger movement (decision 017).
      refunded: row.refundTransactionId ? row.total : 0,
    },
    failure_reason: row.failureReason,
    events: events.map((event) => ({
      status: event.status,
      code: event.code,
      description: trackingDescription(event.code, language),
      location: event.location,
      occurred_at: event.occurredAt.toISOString(),
    })),
    cancellable_until: cancellationDeadline(row.createdAt).toISOString(),
    cancellation_refusal: refusal ? errorMessage(refusal, language) : null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    refund_due_by: row.cancellationRequestedAt ? refundDueBy(row.cancellationRequestedAt) : null,
    tracking_url: row.trackingNumber
      ? `${context.appUrl}${trackingPagePath(row.trackingNumber)}`
      : null,
  };
}
