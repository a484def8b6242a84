import type { PublicTracking, ShipmentStatus, TrackingCode } from '@despacho/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import type { TestUser } from '../../../test/users';
import { jobs } from '../../platform/jobs.store';
import {
  buyGuide,
  createLocation,
  guideBuyer,
  guideRow,
  pushCarrierEvent,
  type GuideContext,
  type PushOptions,
} from './guides.test-support';
import { pickups } from './pickups.tables';
import { shipments, trackingEvents } from './shipments.tables';
import { SANDBOX_EVENT_JOB } from './tracking.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let locationId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ owner, locationId } = await guideBuyer(ctx));
});
afterAll(() => ctx.close());

const guideCtx = (): GuideContext => ctx;
const minutesFromNow = (minutes: number) =>
  new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString();

const push = (carrier: string, event: object, options: PushOptions = {}) =>
  pushCarrierEvent(ctx, carrier, event, options);

const event = (trackingNumber: string, overrides: object = {}) => ({
  event_id: `evt_${randomUUID()}`,
  tracking_number: trackingNumber,
  status: 'IN_TRANSIT',
  code: 'in_transit',
  location: 'Querétaro',
  occurred_at: minutesFromNow(10),
  ...overrides,
});

const eventsOf = (shipmentId: string) =>
  ctx.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt));

const publicPage = (trackingNumber: string, language = 'es') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tracking/${trackingNumber}`,
    headers: { 'x-language': language },
  });

describe('carrier webhook', () => {
  it('refuses a missing, wrong, altered or stale signature and stores nothing', async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    const body = event(row.trackingNumber!);
    const answers = [
      await push('estafeta', body, { signature: null }),
      await push('estafeta', body, { secret: 'another-secret-that-is-at-least-32-characters' }),
      await push('estafeta', body, { signedBody: JSON.stringify({ ...body, code: 'delivered' }) }),
      await push('estafeta', body, { signature: `t=${Date.now()},v1=${'a'.repeat(64)}` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    const stale = await push('estafeta', body, {
      signedAt: new Date(ctx.clock.now().getTime() - 301_000),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toMatchObject({
      code: 'WEBHOOK_TIMESTAMP_STALE',
      message: 'La firma del webhook tiene una fecha fuera del margen de 5 minutos.',
    });
    expect((await eventsOf(row.id)).map((stored) => stored.code)).toEqual(['label_created']);
    expect((await guideRow(ctx, row.id)).status).toBe('created');
  });

  it('stores a replayed push once and answers duplicate', async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    const body = event(row.trackingNumber!);
    const first = await push('estafeta', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { status: 'applied' } });
    const again = await push('estafeta', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { status: 'duplicate' } });
    const stored = await ctx.db
      .select()
      .from(trackingEvents)
      .where(
        and(eq(trackingEvents.shipmentId, row.id), eq(trackingEvents.externalId, body.event_id)),
      );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      source: 'carrier',
      code: 'in_transit',
      location: 'Querétaro',
    });
    expect(await guideRow(ctx, row.id)).toMatchObject({
      status: 'collected',
      carrierStatus: 'IN_TRANSIT',
      collectedAt: new Date(body.occurred_at),
    });
  });

  it('answers 404 for a guide the carrier did not issue, and 400 for a malformed push', async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    for (const [carrier, trackingNumber] of [
      ['estafeta', '0000000000000000000000'],
      ['fedex', row.trackingNumber!],
      ['acme', row.trackingNumber!],
    ] as const) {
      const answer = await push(carrier, event(trackingNumber));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    const malformed = await push('estafeta', event(row.trackingNumber!, { status: 'LOST' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('status');
    expect(await eventsOf(row.id)).toHaveLength(1);
  });

  it('keeps a delivered guide delivered when an older event arrives late, in the timeline too', async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    const delivered = await push(
      'estafeta',
      event(row.trackingNumber!, {
        status: 'DELIVERED',
        code: 'delivered',
        location: 'Monterrey',
        occurred_at: minutesFromNow(3000),
      }),
    );
    expect(delivered.json().data.status).toBe('applied');
    const late = await push(
      'estafeta',
      event(row.trackingNumber!, { occurred_at: minutesFromNow(600) }),
    );
    expect(late.statusCode).toBe(200);
    expect(late.json().data.status).toBe('recorded');
    expect(await guideRow(ctx, row.id)).toMatchObject({
      status: 'delivered',
      carrierStatus: 'DELIVERED',
      deliveredAt: new Date(minutesFromNow(3000)),
    });
    const page = (await publicPage(row.trackingNumber!)).json().data as PublicTracking;
    expect(page.status).toBe('delivered');
    expect(page.events.map((shown) => shown.code)).toEqual([
      'label_created',
      'in_transit',
      'delivered',
    ]);
  });

  it('shows a delay as delayed until the parcel moves on', async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    const steps: [TrackingCode, number, ShipmentStatus][] = [
      ['picked_up', 60, 'collected'],
      ['delayed_weather', 600, 'delayed'],
      ['delivery_attempted', 900, 'delayed'],
      ['arrived_at_hub', 1200, 'collected'],
    ];
    for (const [code, minutes, status] of steps) {
      const answer = await push(
        'estafeta',
        event(row.trackingNumber!, { code, occurred_at: minutesFromNow(minutes) }),
      );
      expect(answer.json().data.status).toBe('applied');
      expect((await guideRow(ctx, row.id)).status).toBe(status);
    }
  });

  it('marks the pickup collected once all its guides are', async () => {
    const location = await createLocation(ctx, owner, { alias: 'Sucursal Pickup' });
    const first = await buyGuide(guideCtx(), owner, { locationId: location });
    const second = await buyGuide(guideCtx(), owner, { locationId: location });
    expect(first.row.pickupId).toBeTruthy();
    const pickupId = (await guideRow(ctx, first.row.id)).pickupId!;
    expect((await guideRow(ctx, second.row.id)).pickupId).toBe(pickupId);
    const statusOfPickup = async () =>
      (await ctx.db.select().from(pickups).where(eq(pickups.id, pickupId)))[0]!.status;

    await push('estafeta', event(first.row.trackingNumber!, { code: 'picked_up' }));
    expect(await statusOfPickup()).toBe('requested');
    await push('estafeta', event(second.row.trackingNumber!, { code: 'picked_up' }));
    expect(await statusOfPickup()).toBe('collected');
  });
});

describe('public tracking', () => {
  it('shows carrier, cities, estimate and timeline, never names, streets, phones, emails or amounts', async () => {
    const { row, detail } = await buyGuide(guideCtx(), owner, { locationId });
    const response = await publicPage(row.trackingNumber!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age');
    const data = response.json().data as PublicTracking;
    expect(Object.keys(data).sort()).toEqual([
      'carrier_name',
      'carrier_tracking_url',
      'destination_city',
      'estimated_delivery',
      'events',
      'merchant',
      'origin_city',
      'service_name',
      'status',
      'tracking_number',
    ]);
    expect(data).toMatchObject({
      tracking_number: row.trackingNumber,
      merchant: { name: 'Comercio Prueba', logo_url: null },
      // A sandbox guide: the carrier's own page would not know it.
      carrier_tracking_url: null,
      carrier_name: 'Estafeta',
      status: 'created',
      origin_city: 'Ciudad de México',
      destination_city: 'Monterrey',
      estimated_delivery: row.estimatedDelivery,
    });
    expect(data.events).toEqual([
      {
        status: 'CREATED',
        code: 'label_created',
        description: 'Guía creada',
        location: 'Ciudad de México',
        occurred_at: ctx.clock.now().toISOString(),
      },
    ]);
    const text = response.body;
    for (const secret of [
      'Ana López Privada',
      'Calle Privada de Prueba',
      '5511112222',
      'ana.privada@prueba.mx',
      'José Destinatario Secreto',
      'Avenida Escondida',
      '8133334444',
      'jose.secreto@prueba.mx',
      'Roma Norte',
      String(detail.cost),
    ]) {
      expect(text).not.toContain(secret);
    }

    const english = (await publicPage(row.trackingNumber!, 'en')).json().data as PublicTracking;
    expect(english.events[0]!.description).toBe('Label created');
  });

  it("shows the merchant's logo to anyone, and links a real guide to the carrier's own page", async () => {
    const { row } = await buyGuide(guideCtx(), owner, { locationId });
    const upload = (name: string) => {
      const body = multipart({ name, content: sampleFiles.png(512), type: 'image/png' });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/organization/logo',
        payload: body.payload,
        headers: owner.headers(body.headers),
      });
    };
    expect((await upload('logo-borrador-interno.png')).statusCode).toBe(200);
    await ctx.db.update(shipments).set({ sandbox: false }).where(eq(shipments.id, row.id));

    const data = (await publicPage(row.trackingNumber!)).json().data as PublicTracking;
    expect(data.carrier_tracking_url).toBe(
      `https://cs.estafeta.com/es/Tracking/searchByGet?wayBillType=1&wayBill=${row.trackingNumber}`,
    );
    const logoUrl = data.merchant.logo_url!;
    expect(logoUrl).toMatch(/^\/api\/v1\/logos\/[0-9a-f-]{36}$/);
    const logo = await ctx.app.inject({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    // The uploaded file's own name stays private.
    expect(logo.headers['content-disposition']).not.toContain('borrador');

    // Only a current logo is served: a replaced one, or any other id, is not found.
    expect((await upload('nuevo.png')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    const other = await ctx.app.inject({ method: 'GET', url: `/api/v1/logos/${randomUUID()}` });
    expect(other.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/v1/logos/abc' });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 for an unknown number, without signing in', async () => {
    const response = await publicPage('9999999999999999999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('sandbox timeline', () => {
  it('plays the carrier’s events as jobs until the guide is delivered', async () => {
    const location = await createLocation(ctx, owner, { alias: 'Sucursal Sandbox' });
    const { row } = await buyGuide(guideCtx(), owner, { locationId: location });
    expect(row.sandbox).toBe(true);
    const planned = await ctx.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, SANDBOX_EVENT_JOB), sql`${jobs.payload}->>'shipment_id' = ${row.id}`),
      )
      .orderBy(asc(jobs.runAt));
    const codes = planned.map((job) => (job.payload.event as { code: TrackingCode }).code);
    expect(codes[0]).toBe('picked_up');
    expect(codes.at(-1)).toBe('delivered');
    expect(planned.every((job) => job.runAt > ctx.clock.now())).toBe(true);

    // Nothing is due yet.
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect((await guideRow(ctx, row.id)).status).toBe('created');

    const expected: Record<string, ShipmentStatus> = {
      picked_up: 'collected',
      in_transit: 'collected',
      delayed_weather: 'delayed',
      arrived_at_hub: 'collected',
      out_for_delivery: 'collected',
      delivered: 'delivered',
    };
    for (const job of planned) {
      ctx.clock.advance(job.runAt.getTime() - ctx.clock.now().getTime());
      await ctx.app.jobs.runDue(ctx.clock.now());
      const code = (job.payload.event as { code: TrackingCode }).code;
      expect((await guideRow(ctx, row.id)).status, code).toBe(expected[code]);
    }
    const final = await guideRow(ctx, row.id);
    expect(final.deliveredAt).toEqual(planned.at(-1)!.runAt);
    const [pickup] = await ctx.db.select().from(pickups).where(eq(pickups.id, final.pickupId!));
    expect(pickup!.status).toBe('collected');
    const timeline = (await publicPage(row.trackingNumber!)).json().data as PublicTracking;
    expect(timeline.events.map((shown) => shown.code)).toEqual(['label_created', ...codes]);
    expect(timeline.events.every((shown) => shown.description.length > 0)).toBe(true);
  });
});
