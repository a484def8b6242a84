/**
 * A bought guide written straight into the tables, for tests of other modules that only need a
 * shipment to reference their records (a location, a customer, a saved package).
 */
import type { ShipmentParty } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../platform/db';
import { quotes } from './quotes.tables';
import { shipmentPackages, shipments } from './shipments.tables';

const BOUGHT_AT = new Date('2026-03-02T16:00:00Z');

const party = (name: string, zip: string): ShipmentParty => ({
  contact_name: name,
  company: null,
  email: null,
  phone: '5512345678',
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  internal_number: null,
  reference: null,
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip,
  country: 'MX',
});

/**
 * Inserts a purchased shipment (and the quote it needs) leaving from `locationId`, made for
 * `customerId` and, with `packageId`, whose one package is that saved package. Answers its id.
 */
export async function insertReferencingShipment(
  db: DbOrTx,
  refs: {
    organizationId: string;
    userId: string;
    locationId: string;
    customerId?: string;
    packageId?: string;
  },
): Promise<{ shipmentId: string }> {
  const parcel = { length_cm: 30, width_cm: 20, height_cm: 15, weight_kg: 2 };
  const [quote] = await db
    .insert(quotes)
    .values({
      organizationId: refs.organizationId,
      createdBy: refs.userId,
      status: 'completed',
      originZip: '03100',
      destinationZip: '64000',
      parcels: [parcel],
      rates: [],
      unavailable: [],
      createdAt: BOUGHT_AT,
      expiresAt: new Date(BOUGHT_AT.getTime() + 60 * 60_000),
    })
    .returning({ id: quotes.id });
  const [shipment] = await db
    .insert(shipments)
    .values({
      organizationId: refs.organizationId,
      createdBy: refs.userId,
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      quoteId: quote!.id,
      locationId: refs.locationId,
      customerId: refs.customerId ?? null,
      carrierKey: 'estafeta',
      serviceKey: 'terrestre',
      sandbox: true,
      zone: 3,
      billableWeightKg: 2,
      transitDaysMin: 2,
      transitDaysMax: 4,
      estimatedDelivery: '2026-03-06',
      extendedZone: false,
      origin: party('Ana López', '03100'),
      destination: party('José Hernández', '64000'),
      purchaseState: 'purchased',
      carrierCost: 15_000,
      vat: 2_400,
      total: 17_400,
      destinationName: 'José Hernández',
      destinationZip: '64000',
      createdAt: BOUGHT_AT,
      updatedAt: BOUGHT_AT,
    })
    .returning({ id: shipments.id });
  await db.insert(shipmentPackages).values({
    shipmentId: shipment!.id,
    position: 0,
    packageId: refs.packageId ?? null,
    lengthCm: parcel.length_cm,
    widthCm: parcel.width_cm,
    heightCm: parcel.height_cm,
    weightKg: parcel.weight_kg,
  });
  return { shipmentId: shipment!.id };
}
