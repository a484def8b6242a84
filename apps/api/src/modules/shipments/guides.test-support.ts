/**
 * Guides bought the real way — a quote, then `POST shipments` paid from a funded balance — for
 * the tracking, pickup and cancellation tests.
 */
import type { CarrierKey, PickupTimeRange, QuoteView, ShipmentDetail } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { testConfig } from '../../../test/test-app';
import type { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Flows } from '../../platform/flows';
import type { ProcessInstance } from '../../platform/instance';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import type { CarrierAdapters } from '../carriers/carrier-adapters';
import { signWebhook } from '../../platform/webhook-signature';
import { LedgerService } from '../wallet/ledger.service';
import { shipments } from './shipments.tables';
import { PurchaseService } from './purchase.service';
import { DEV_CARRIER_WEBHOOK_SECRET } from './tracking.routes';

export interface GuideContext {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
}

export const MEXICO_CITY_ZIP = '06700';
export const MONTERREY_ZIP = '64000';

export const originLocation = (overrides: object = {}) => ({
  alias: 'Bodega Roma',
  contact_name: 'Ana López Privada',
  contact_email: 'ana.privada@prueba.mx',
  contact_phone: '5511112222',
  street: 'Calle Privada de Prueba',
  external_number: '77',
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: MEXICO_CITY_ZIP,
  ...overrides,
});

/** Where a test's guides and orders go (an order's shipping address as the API takes it). */
export const monterreyAddress = {
  contact_name: 'José Destinatario Secreto',
  email: 'jose.secreto@prueba.mx',
  phone: '8133334444',
  street: 'Avenida Escondida',
  external_number: '1500',
  neighborhood: 'Centro',
  city: 'Monterrey',
  municipality: 'Monterrey',
  state: 'Nuevo León',
  zip: MONTERREY_ZIP,
};

/** A guide's destination typed in, not picked from the address book. */
export const destinationAddress = { kind: 'new' as const, ...monterreyAddress };

/** A customer in Monterrey with one address: where a test's guides and exits go. */
export const monterreyCustomer = {
  name: 'Laura',
  last_name: 'Garza',
  company: 'Boutique Sol',
  email: 'laura@boutiquesol.mx',
  phone: '8112345678',
  addresses: [
    {
      alias: 'Tienda',
      contact_name: 'Laura Garza',
      contact_phone: '8112345678',
      street: 'Av. Constitución',
      external_number: '455',
      neighborhood: 'Centro',
      city: 'Monterrey',
      municipality: 'Monterrey',
      state: 'Nuevo León',
      zip: MONTERREY_ZIP,
    },
  ],
};

/** What each package of a test guide holds. */
export const guideProduct = {
  description: 'Playeras de algodón',
  quantity: 2,
  sat_product_code: '53102500',
  sat_unit_code: 'H87',
  unit_value: '250.00',
};

/** A saved box the size of a test guide's parcel (30 × 20 × 15 cm). */
export const parcelBox = {
  name: 'Caja',
  unit: 'cm_kg',
  height: 15,
  length: 30,
  width: 20,
  weight: 1,
  sat_code: '24112700',
};

/** Money into the organization's balance, as a confirmed deposit would put it. */
export async function fund(ctx: GuideContext, organizationId: string, centavos: number) {
  await new LedgerService(ctx).credit({
    organizationId,
    idempotencyKey: `test-deposit-${randomUUID()}`,
    kind: 'deposit',
    amount: centavos,
    from: 'bank_clearing',
  });
}

export async function createLocation(ctx: GuideContext, user: TestUser, overrides: object = {}) {
  const response = await callAs(ctx.app, user, 'POST', '/locations', originLocation(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A merchant ready to buy guides: its owner, its organization funded with 50,000 pesos, a location. */
export async function guideBuyer(ctx: GuideContext & Parameters<typeof createTestMerchant>[0]) {
  const merchant = await createTestMerchant(ctx);
  const organizationId = merchant.organization.id;
  await fund(ctx, organizationId, 5_000_000);
  const locationId = await createLocation(ctx, merchant.user);
  return { owner: merchant.user, organizationId, locationId };
}

export interface BuyOptions {
  locationId: string;
  carrier?: CarrierKey;
  /** The service key; the carrier's first rate when absent. */
  service?: string;
  originZip?: string;
  packages?: number;
  weightKg?: number;
  pickupTimeRange?: PickupTimeRange;
  /** What each package holds; `guideProduct` when absent. */
  product?: object;
  /** The guide's reference ("SANDBOX-FALLA" makes the sandbox carrier refuse it). */
  reference?: string;
}

/** Quotes and asks for a guide at the clock's time; answers the purchase's response as sent. */
export async function requestGuide(ctx: GuideContext, user: TestUser, options: BuyOptions) {
  const carrier = options.carrier ?? 'estafeta';
  const count = options.packages ?? 1;
  const parcel = { length: 30, width: 20, height: 15, weight: options.weightKg ?? 2 };
  const quoted = await callAs(ctx.app, user, 'POST', '/quotes', {
    origin_zip: options.originZip ?? MEXICO_CITY_ZIP,
    destination_zip: MONTERREY_ZIP,
    parcels: Array.from({ length: count }, () => parcel),
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const quote = quoted.json().data as QuoteView;
  const rate = quote.rates.find(
    (candidate) =>
      candidate.carrier_key === carrier &&
      (!options.service || candidate.service_key === options.service),
  );
  if (!rate)
    throw new Error(`No ${carrier} rate in ${JSON.stringify(quote.rates.map((r) => r.id))}`);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipments',
    headers: user.headers({ 'idempotency-key': randomUUID() }),
    payload: {
      location_id: options.locationId,
      destination: destinationAddress,
      packages: Array.from({ length: count }, () => ({
        ...parcel,
        products: [options.product ?? guideProduct],
      })),
      quote_id: quote.id,
      rate_id: rate.id,
      ...(options.reference ? { reference: options.reference } : {}),
      ...(options.pickupTimeRange ? { pickup_time_range: options.pickupTimeRange } : {}),
    },
  });
  return response;
}

/** Buys a guide at the clock's time; answers its detail and its row. */
export async function buyGuide(ctx: GuideContext, user: TestUser, options: BuyOptions) {
  const response = await requestGuide(ctx, user, options);
  expect(response.statusCode, response.body).toBe(201);
  const detail = response.json().data as ShipmentDetail;
  const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, detail.id));
  return { detail, row: row! };
}

/** The guide's row as it is now. */
export async function guideRow(ctx: Pick<GuideContext, 'db'>, id: string) {
  const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, id));
  return row!;
}

export interface PushOptions {
  secret?: string;
  signedAt?: Date;
  /** A header of one's own; null sends none. */
  signature?: string | null;
  /** Signs these bytes but sends the body: a delivery altered on the way. */
  signedBody?: string;
}

/** A carrier's status push, signed like the carrier signs it (the development secret). */
export function pushCarrierEvent(
  ctx: GuideContext,
  carrier: string,
  event: object,
  options: PushOptions = {},
) {
  const body = JSON.stringify(event);
  const signedAt = Math.floor((options.signedAt ?? ctx.clock.now()).getTime() / 1000);
  const signature =
    options.signature === undefined
      ? signWebhook(
          options.secret ?? DEV_CARRIER_WEBHOOK_SECRET,
          signedAt,
          options.signedBody ?? body,
        )
      : options.signature;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/carriers/${carrier}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-despacho-signature': signature }),
    },
    payload: body,
  });
}

/** The carrier scans the guide at collection: it is in transit from then on. */
export async function collect(ctx: GuideContext, carrier: string, trackingNumber: string) {
  const response = await pushCarrierEvent(ctx, carrier, {
    event_id: `evt_${randomUUID()}`,
    tracking_number: trackingNumber,
    status: 'IN_TRANSIT',
    code: 'picked_up',
    location: 'Ciudad de México',
    occurred_at: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Carriers whose every label call dies mid-way, as a lost connection does. */
export const lostCarriers = () =>
  new Proxy({} as CarrierAdapters, {
    get: (_target, key) => ({
      key,
      sandbox: true,
      createLabel: () => Promise.reject(new Error('socket hang up')),
    }),
  });

/**
 * The guide purchase as another process runs it, with these carriers: flows of its own (stamped
 * with `instance`, when given) on the app's database, jobs and clock, so what it leaves under
 * way is the app's resume job's to finish.
 */
export function otherProcessPurchase(
  ctx: GuideContext,
  carriers: CarrierAdapters,
  instance?: ProcessInstance,
): PurchaseService {
  const services = ctx.app.services;
  return new PurchaseService({
    ...services,
    checks: services.purchaseChecks,
    config: testConfig(),
    carriers,
    flows: new Flows({ db: ctx.db, clock: ctx.clock, jobs: ctx.app.jobs, instance }),
  });
}
