import {
  customersQuerySchema,
  locationSchema,
  quoteRequestSchema,
  shipmentCreateSchema,
  type CarrierKey,
  type ShipmentProductInput,
} from '@despacho/domain';
import type { Services } from '../modules/services';

/**
 * Where the demo's guides leave from: the organization's default location, at a zip of the
 * sample postal-code catalogue so the forms recognise it.
 */
const DEMO_LOCATION = {
  alias: 'Bodega Roma Norte',
  company: 'Comercio Demo',
  contact_name: 'Dueño Demo',
  contact_email: 'dueno@comercio-demo.mx',
  contact_phone: '5500000001',
  street: 'Av. Álvaro Obregón',
  external_number: '120',
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: '06700',
  is_default: true,
};

interface DemoGuide {
  /** The demo customer (first name) it goes to, at their default address. */
  customer: string;
  /** The carrier whose cheapest rate is bought (the cheapest of all if it has none). */
  carrier: CarrierKey;
  parcel: { length: number; width: number; height: number; weight: number };
  products: ShipmentProductInput[];
  reference: string;
  /** Declared value in pesos: the guide is insured. */
  insured?: string;
}

/** Four guides to demo customers, one insured, each with another carrier. */
export const DEMO_GUIDES: readonly DemoGuide[] = [
  {
    customer: 'Jorge',
    carrier: 'estafeta',
    parcel: { length: 40, width: 30, height: 25, weight: 4.2 },
    products: [
      {
        description: 'Playeras de algodón para hombre',
        quantity: 24,
        sat_product_code: '53101602',
        sat_unit_code: 'H87',
        unit_value: '120.00',
      },
    ],
    reference: 'PED-1001',
  },
  {
    customer: 'Ana Sofía',
    carrier: 'fedex',
    parcel: { length: 45, width: 35, height: 12, weight: 2.8 },
    products: [
      {
        description: 'Computadora portátil',
        quantity: 1,
        sat_product_code: '43211503',
        sat_unit_code: 'H87',
        unit_value: '14500.00',
      },
    ],
    reference: 'PED-1002',
    insured: '14500.00',
  },
  {
    customer: 'Guadalupe',
    carrier: 'dhl_express',
    parcel: { length: 30, width: 22, height: 18, weight: 6 },
    products: [
      {
        description: 'Papel para impresora, paquete de 500 hojas',
        quantity: 5,
        sat_product_code: '14111507',
        sat_unit_code: 'XPK',
        unit_value: '95.00',
      },
    ],
    reference: 'PED-1003',
  },
  {
    customer: 'Luis Ángel',
    carrier: 'paquetexpress',
    parcel: { length: 35, width: 25, height: 10, weight: 1.5 },
    products: [
      {
        description: 'Pantalones de mezclilla para hombre',
        quantity: 3,
        sat_product_code: '53101502',
        sat_unit_code: 'H87',
        unit_value: '450.00',
      },
    ],
    reference: 'PED-1004',
  },
];

const GUIDE_SPACING_MS = 6 * 86_400_000;

/**
 * The demo organization's origin location and its first guides, bought like a merchant buys
 * them (a quote, then the purchase paid from the balance, sandbox carriers), so the shipments
 * list, labels, pickups, tracking and the dashboard's charts have something to show.
 */
export async function seedDemoShipments(
  { locations, customers, quotes, purchases }: Services,
  demo: { organizationId: string; ownerId: string },
  seedClock: { backdateMs: number },
): Promise<void> {
  const { organizationId, ownerId } = demo;
  const location = await locations.create(organizationId, locationSchema.parse(DEMO_LOCATION));
  for (const [index, guide] of DEMO_GUIDES.entries()) {
    // One every 6 days, the last 6 days ago: the dashboard's month shows them apart.
    seedClock.backdateMs = (DEMO_GUIDES.length - index) * GUIDE_SPACING_MS;
    const { data } = await customers.list(
      organizationId,
      customersQuerySchema.parse({ search: guide.customer }),
    );
    const customer = data[0]!;
    const address = customer.default_address;
    const quote = await quotes.create(
      organizationId,
      ownerId,
      quoteRequestSchema.parse({
        origin_zip: location.zip,
        destination_zip: address.zip,
        parcels: [guide.parcel],
      }),
      'es',
    );
    const rate = quote.rates.find((candidate) => candidate.carrier_key === guide.carrier);
    await purchases.purchase({
      organizationId,
      userId: ownerId,
      idempotencyKey: `demo-guide-${index + 1}`,
      language: 'es',
      data: shipmentCreateSchema.parse({
        location_id: location.id,
        destination: { kind: 'customer', customer_id: customer.id, address_id: address.id },
        packages: [{ ...guide.parcel, products: guide.products }],
        insurance: guide.insured
          ? // The stamped invoice by its fiscal folio (UUID), as the form allows.
            { declared_value: guide.insured, invoice_uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }
          : null,
        quote_id: quote.id,
        rate_id: (rate ?? quote.rates[0]!).id,
        reference: guide.reference,
      }),
    });
  }
  seedClock.backdateMs = 0;
}
