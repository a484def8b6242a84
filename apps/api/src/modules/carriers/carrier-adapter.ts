import type {
  CarrierKey,
  CarrierStatus,
  QuoteParcel,
  TrackingCode,
  UnavailableReason,
} from '@despacho/domain';
import type { LabelParty } from './label-pdf';

/**
 * What Despacho asks of a carrier, whether its real API or the sandbox that imitates it. One
 * adapter per carrier of the catalogue (`carrierAdapters`); every call can fail with a
 * `CarrierError`, which callers treat as the carrier's answer, never as ours.
 */
export interface CarrierAdapter {
  readonly key: CarrierKey;
  /** True for the built-in sandbox: nothing reaches the carrier, labels say so. */
  readonly sandbox: boolean;
  quote(request: RateRequest): Promise<CarrierQuote>;
  createLabel(request: LabelRequest): Promise<IssuedLabel>;
  /** Asks to void a guide; the carrier confirms later (`CancellationAccepted.confirmsAt`). */
  cancel(request: CancelRequest): Promise<CancellationAccepted>;
  /** The guide's events so far, as the carrier reports them (polled for carriers that push none). */
  track(request: TrackRequest): Promise<CarrierTrackingEvent[]>;
  pickupAvailability(request: PickupAvailabilityRequest): Promise<PickupDayOffer[]>;
  schedulePickup(request: PickupRequest): Promise<{ confirmationNumber: string }>;
  /** Moves a booked pickup; the carrier answers its confirmation (the same or a new one). */
  reschedulePickup(request: PickupRescheduleRequest): Promise<{ confirmationNumber: string }>;
  /** Calls off a booked pickup. */
  cancelPickup(request: PickupCancelRequest): Promise<void>;
}

/**
 * Every request names the organization it is made for: a real carrier's adapter uses that
 * organization's own carrier account when it has connected one, else the platform's.
 */
export interface ForOrganization {
  organizationId: string;
}

export interface RateRequest extends ForOrganization {
  originZip: string;
  destinationZip: string;
  /** ISO alpha-2 of each side; absent: MX. One side abroad asks for international services. */
  originCountry?: string;
  destinationCountry?: string;
  /** Centimetres and kilograms. */
  parcels: QuoteParcel[];
  /** When the parcel ships, for the delivery estimate. */
  shipDate: Date;
}

/** Prices in integer centavos before VAT. */
export interface CarrierRate {
  serviceKey: string;
  zone: number;
  billableWeightKg: number;
  base: number;
  fuelSurcharge: number;
  extendedZoneSurcharge: number;
  extendedZone: boolean;
  transitDays: { min: number; max: number };
  /** Mexico City date, YYYY-MM-DD. */
  estimatedDelivery: string;
}

export interface CarrierQuote {
  rates: CarrierRate[];
  /** Set when the carrier offers no service for this request. */
  unavailable?: UnavailableReason;
}

export interface LabelRequest extends ForOrganization {
  serviceKey: string;
  /** Our shipment id: the carrier's idempotency key, so a retried call issues one guide. */
  shipmentId: string;
  origin: LabelParty;
  destination: LabelParty;
  parcels: QuoteParcel[];
  reference: string | null;
  /** Carta Porte goods: SAT keys, quantities and values (centavos). */
  goods: {
    description: string;
    quantity: number;
    satProductCode: string;
    satUnitCode: string;
    unitValue: number;
  }[];
  /** A shipment abroad: what customs needs (commercial invoice lines with HS codes). */
  customs?: CustomsDeclaration;
  /** Where the QR of the label points: the public tracking page. */
  trackingUrl: (trackingNumber: string) => string;
  createdAt: Date;
}

export interface IssuedLabel {
  trackingNumber: string;
  carrierReference: string;
  /** 4×6 in PDF, one page per parcel, and the same label in ZPL. */
  pdf: Uint8Array;
  zpl: string;
}

/** The goods of a shipment abroad, as the commercial invoice declares them. */
export interface CustomsDeclaration {
  /** Incoterm: DAP (the receiver pays duties) or DDP (the sender does). */
  incoterm: 'DAP' | 'DDP';
  /** Why the goods travel (SALE, GIFT, SAMPLE, RETURN, REPAIR, PERSONAL_USE). */
  reason: string;
  invoiceNumber: string;
  invoiceDate: string;
  currency: 'USD' | 'MXN';
  items: {
    /** English, as paperless trade asks. */
    description: string;
    /** The HS code as declared: 6 digits or more. */
    hsCode: string;
    /** ISO alpha-2 of the country of manufacture. */
    originCountry: string;
    quantity: number;
    /** Per unit, in cents of `currency`. */
    unitValue: number;
    /** Per unit. */
    weightKg: number;
  }[];
  /** The commercial invoice (PDF) for carriers that take it electronically. */
  invoicePdf?: Uint8Array;
}

export interface CancelRequest extends ForOrganization {
  trackingNumber: string;
  requestedAt: Date;
}

export interface TrackRequest extends ForOrganization {
  trackingNumber: string;
}

export interface CancellationAccepted {
  /** When the carrier will confirm the cancellation (the refund follows then). */
  confirmsAt: Date;
}

export interface CarrierTrackingEvent {
  /** The carrier's own id for the event: the same event twice is one event. */
  id: string;
  status: CarrierStatus;
  code: TrackingCode;
  location: string | null;
  occurredAt: Date;
}

export interface PickupAvailabilityRequest extends ForOrganization {
  originZip: string;
  now: Date;
}

export interface PickupDayOffer {
  date: string;
  windows: { start: string; end: string }[];
}

export interface PickupRequest extends ForOrganization {
  originZip: string;
  date: string;
  start: string;
  end: string;
  trackingNumbers: string[];
  /** Ours: the carrier's idempotency key for the request. */
  requestId: string;
  /**
   * Where the courier collects, with a contact phone: carriers that book by address (DHL
   * Express) refuse a pickup without it; the sandboxes need only the postal code.
   */
  address?: LabelParty;
}

/** A booked pickup moved to another day or window (`requestId`: ours, as when booked). */
export interface PickupRescheduleRequest extends Omit<PickupRequest, 'trackingNumbers'> {
  confirmationNumber: string;
}

export interface PickupCancelRequest extends ForOrganization {
  confirmationNumber: string;
  originZip: string;
  /** The pickup's day: a day already over has nothing left to call off. */
  date: string;
  requestedAt: Date;
}

/** A carrier's refusal or failure, with its own code and message (kept for the merchant). */
export class CarrierError extends Error {
  constructor(
    readonly carrier: CarrierKey,
    readonly code: 'unavailable' | 'rejected' | 'timeout' | 'not_cancellable',
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}
