import type {
  CarrierKey,
  CarrierStatus,
  PurchaseState,
  ShipmentParty,
  ShipmentStatus,
  TrackingCode,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';
import type { CustomsDeclaration } from '../carriers';
import { locations } from '../addresses/locations.tables';
import { customers } from '../customers/customers.tables';
import { packages } from '../packages/packages.tables';
import { files } from '../../platform/files.tables';
import { ledgerHolds, ledgerTransactions } from '../wallet/ledger.tables';
import { pickups } from './pickups.tables';
import { quotes } from './quotes.tables';
import { productVariants } from '../products/products.tables';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const centavos = () => bigint({ mode: 'number' });

/** A guide's customs declaration as kept (the commercial invoice PDF is not). */
export type StoredCustoms = Omit<CustomsDeclaration, 'invoicePdf'>;
/**
 * A guide bought from a carrier and paid from the prepaid balance.
 *
 * Purchase: the row is written with the hold of the total (`purchasing`), the carrier is asked
 * for the guide, then the hold is captured (`purchased`) or released (`failed`), so the merchant
 * never pays for a guide that does not exist. `idempotency_key` is unique per organization: a
 * retried or doubled request finds the first purchase. Origin and destination are copied as they
 * were when bought (`origin`, `destination`); `location_id` and `customer_id` keep the link, and
 * restrict deleting what a guide was made from (409 RECORD_IN_USE).
 *
 * `status` is the list status (spec §4) derived from the tracking events: the latest event by
 * occurrence wins, so an event arriving late never moves a guide backwards.
 */
export const shipments = pgTable(
  'shipments',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    idempotencyKey: text().notNull(),
    /** Hash of the request body: the same key with a different request is refused. */
    requestHash: text().notNull(),
    quoteId: uuid()
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    /** Null for a guide bought from a platform warehouse (an exit), which is no location of theirs. */
    locationId: uuid().references(() => locations.id, { onDelete: 'restrict' }),
    customerId: uuid().references(() => customers.id, { onDelete: 'restrict' }),
    carrierKey: text().$type<CarrierKey>().notNull(),
    serviceKey: text().notNull(),
    /** Bought from a sandbox adapter: no real carrier issued it. */
    sandbox: boolean().notNull(),
    zone: integer().notNull(),
    billableWeightKg: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
    transitDaysMin: integer().notNull(),
    transitDaysMax: integer().notNull(),
    estimatedDelivery: date({ mode: 'string' }).notNull(),
    extendedZone: boolean().notNull(),
    origin: jsonb().$type<ShipmentParty>().notNull(),
    destination: jsonb().$type<ShipmentParty>().notNull(),
    reference: text(),
    purchaseState: text().$type<PurchaseState>().notNull(),
    failureReason: text(),
    status: text().$type<ShipmentStatus>().notNull().default('created'),
    carrierStatus: text().$type<CarrierStatus>().notNull().default('CREATED'),
    trackingNumber: text().unique(),
    carrierReference: text(),
    // Charges in centavos: the carrier's price, the insurance premium, VAT of both, the total.
    carrierCost: centavos().notNull(),
    insurancePremium: centavos().notNull().default(0),
    vat: centavos().notNull(),
    total: centavos().notNull(),
    declaredValue: centavos(),
    deductible: centavos(),
    insuranceInvoiceFileId: uuid(),
    insuranceInvoiceUuid: text(),
    /**
     * A guide abroad: the customs declaration its label request hands the carrier, kept with the
     * guide so a purchase resumed after a crash asks with it again (given by the caller, e.g.
     * the international module's T1 declaration). Null for a domestic guide.
     */
    customs: jsonb().$type<StoredCustoms>(),
    holdId: uuid().references(() => ledgerHolds.id),
    chargeTransactionId: uuid().references(() => ledgerTransactions.id),
    refundTransactionId: uuid().references(() => ledgerTransactions.id),
    pickupId: uuid().references(() => pickups.id, { onDelete: 'set null' }),
    pickupStart: text(),
    pickupEnd: text(),
    destinationName: text().notNull(),
    destinationZip: text().notNull(),
    /** The destination's state, kept by the database for the dashboard's daily counts. */
    destinationState: text().generatedAlwaysAs(sql`destination ->> 'state'`),
    /** Latest tracking event applied: later pushes older than it only join the timeline. */
    lastEventAt: timestamp({ withTimezone: true }),
    collectedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancellationRequestedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('shipments_idempotency').on(table.organizationId, table.idempotencyKey),
    index('shipments_organization_created').on(table.organizationId, table.createdAt, table.id),
    index('shipments_organization_status').on(table.organizationId, table.status, table.createdAt),
    index('shipments_search_trgm').using(
      'gin',
      sql`(lower(coalesce(${table.trackingNumber}, '') || ' ' || ${table.destinationName} || ' ' || ${table.destinationZip})) gin_trgm_ops`,
    ),
    // Files are keyed by organization: the invoice must be one of this organization's.
    foreignKey({
      name: 'shipments_insurance_invoice_file',
      columns: [table.organizationId, table.insuranceInvoiceFileId],
      foreignColumns: [files.organizationId, files.id],
    }).onDelete('restrict'),
    index('shipments_pickup').on(table.pickupId),
    index('shipments_location').on(table.locationId),
    index('shipments_customer').on(table.customerId),
    index('shipments_purchasing')
      .on(table.createdAt)
      .where(sql`${table.purchaseState} = 'purchasing'`),
    // The open guides of real carriers, which the tracking poll asks about (decision 036).
    index('shipments_polled')
      .on(table.carrierKey, table.createdAt, table.id)
      .where(
        sql`${table.purchaseState} = 'purchased' and not ${table.sandbox} and ${table.status} not in ('delivered', 'cancelled')`,
      ),
    check(
      'shipments_charges_add_up',
      sql`${table.total} = ${table.carrierCost} + ${table.insurancePremium} + ${table.vat}`,
    ),
  ],
);

/** The packages of a shipment, in cm and kg, as rated. */
export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    packageId: uuid().references(() => packages.id, { onDelete: 'restrict' }),
    name: text(),
    lengthCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    widthCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    weightKg: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('shipment_packages_position').on(table.shipmentId, table.position),
    index('shipment_packages_package').on(table.packageId),
  ],
);

/** What each package holds, with the SAT keys the Carta Porte waybill needs. */
export const shipmentProducts = pgTable(
  'shipment_products',
  {
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    packagePosition: integer().notNull(),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    satProductCode: text().notNull(),
    satUnitCode: text().notNull(),
    unitValue: centavos().notNull(),
    /** The shipment's organization: the variant below must be one of its own. */
    organizationId: uuid().notNull(),
    /** The catalogue variant the line was picked from, when it was. */
    variantId: uuid(),
  },
  (table) => [
    uniqueIndex('shipment_products_position').on(
      table.shipmentId,
      table.packagePosition,
      table.position,
    ),
    // NO ACTION: deleting a variant (or its product) a guide declared answers RECORD_IN_USE;
    // deleting the organization cascades through both.
    foreignKey({
      columns: [table.organizationId, table.variantId],
      foreignColumns: [productVariants.organizationId, productVariants.id],
      name: 'shipment_products_variant_fk',
    }),
    index('shipment_products_variant')
      .on(table.organizationId, table.variantId)
      .where(sql`${table.variantId} is not null`),
  ],
);

/** The label the carrier issued: PDF (4×6 in, one page per package) and ZPL. */
export const shipmentLabels = pgTable('shipment_labels', {
  shipmentId: uuid()
    .primaryKey()
    .references(() => shipments.id, { onDelete: 'cascade' }),
  pdf: bytea().notNull(),
  zpl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The tracking timeline. `external_id` is the carrier's event id: the same push twice is stored
 * once. Events keep their carrier time (`occurred_at`), whatever order they arrive in.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    status: text().$type<CarrierStatus>().notNull(),
    code: text().$type<TrackingCode>().notNull(),
    location: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    source: text().$type<'carrier' | 'sandbox' | 'system'>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('tracking_events_external').on(table.shipmentId, table.externalId),
    index('tracking_events_shipment_time').on(table.shipmentId, table.occurredAt),
  ],
);
