import type { PickupDay, PickupView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { buyGuide, collect, createLocation, fund, guideRow } from './guides.test-support';

// The test clock starts on Monday 2 March 2026 at 10:00 in Mexico City.
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const SATURDAY = '2026-03-07';
/** Third Monday of March: Benito Juárez's birthday, a rest day of LFT art. 74. */
const HOLIDAY = '2026-03-16';
/** Estafeta's windows end at 18:00: a guide that prefers the evening gets no automatic pickup. */
const EVENING = { start: '18:00', end: '20:00' };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let organizationId: string;
let locationId: string;

const call = (...args: CallArgs) => callAs(ctx.app, ...args);

beforeAll(async () => {
  ctx = await createTestApp();
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  await fund(ctx, organizationId, 5_000_000);
  locationId = await createLocation(ctx, owner);
});
afterAll(() => ctx.close());

/** A guide that waits in "pickup pending". */
async function pendingGuide(
  options: { location?: string; originZip?: string; packages?: number; weightKg?: number } = {},
) {
  const { row } = await buyGuide(ctx, owner, {
    locationId: options.location ?? locationId,
    ...(options.originZip ? { originZip: options.originZip } : {}),
    pickupTimeRange: EVENING,
    ...(options.packages ? { packages: options.packages } : {}),
    ...(options.weightKg ? { weightKg: options.weightKg } : {}),
  });
  expect(row.pickupId).toBeNull();
  return row;
}

const request = (shipmentIds: string[], slot: object = {}, language = 'es') =>
  call(
    owner,
    'POST',
    '/pickups',
    { shipment_ids: shipmentIds, date: TOMORROW, start: '09:00', end: '13:00', ...slot },
    language,
  );

describe('pickup availability', () => {
  it('offers today’s windows left after the notice, then whole business days', async () => {
    const response = await call(
      owner,
      'GET',
      `/pickups/availability?carrier=estafeta&location_id=${locationId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().data as PickupDay[];
    expect(days.map((day) => day.date)).toEqual([
      TODAY,
      TOMORROW,
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(days[0]!.windows).toEqual([
      { start: '11:30', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ]);
    expect(days[1]!.windows).toEqual([
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ]);
  });

  it('answers PICKUP_NO_BUSINESS_DAYS when the carrier offers nothing there', async () => {
    const oaxaca = await createLocation(ctx, owner, {
      alias: 'Oaxaca',
      zip: '68000',
      city: 'Oaxaca de Juárez',
      municipality: 'Oaxaca de Juárez',
      state: 'Oaxaca',
    });
    const response = await call(
      owner,
      'GET',
      `/pickups/availability?carrier=99minutos&location_id=${oaxaca}`,
      undefined,
      'en',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'PICKUP_NO_BUSINESS_DAYS',
      message: 'No business days are available for collection, try again later.',
    });
  });

  it('hides another organization’s location and needs the pickup permission', async () => {
    const foreign = await call(
      stranger,
      'GET',
      `/pickups/availability?carrier=estafeta&location_id=${locationId}`,
    );
    expect(foreign.statusCode).toBe(404);
    const quoter = await createTestUser(ctx, {
      organizationId,
      permissions: ['shipments.quick_quote'],
    });
    const forbidden = await call(quoter, 'GET', '/pickups');
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('requesting a pickup', () => {
  it('refuses a Saturday, a holiday, a day past the horizon and a range outside the windows', async () => {
    const guide = await pendingGuide();
    const cases: [object, string, string][] = [
      [
        { date: SATURDAY },
        'PICKUP_NOT_BUSINESS_DAY',
        'Las paqueterías no recolectan en sábado, domingo ni días festivos; elige un día hábil.',
      ],
      [
        { date: HOLIDAY },
        'PICKUP_NOT_BUSINESS_DAY',
        'Las paqueterías no recolectan en sábado, domingo ni días festivos; elige un día hábil.',
      ],
      [
        { date: '2026-03-20' },
        'PICKUP_DATE_OUT_OF_RANGE',
        'Elige un día de recolección entre hoy y los próximos 5 días hábiles.',
      ],
      [
        { date: '2026-02-27' },
        'PICKUP_DATE_OUT_OF_RANGE',
        'Elige un día de recolección entre hoy y los próximos 5 días hábiles.',
      ],
      [{ start: '17:00', end: '19:00' }, 'PICKUP_NO_SCHEDULES', 'No hay horarios disponibles.'],
    ];
    for (const [slot, code, message] of cases) {
      const response = await request([guide.id], slot);
      expect(response.statusCode, JSON.stringify(slot)).toBe(409);
      expect(response.json().error).toMatchObject({ code, message });
    }
    expect((await guideRow(ctx, guide.id)).pickupId).toBeNull();
  });

  it('refuses today once the carrier’s cut-off has passed', async () => {
    const guide = await pendingGuide();
    // 12:30 in Mexico City: Estafeta takes same-day pickups until 12:00.
    ctx.clock.advance(150 * 60_000);
    const signedIn = owner;
    owner = await signIn(ctx, signedIn);
    try {
      const response = await request([guide.id], { date: TODAY, start: '14:00', end: '18:00' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'PICKUP_CUTOFF_PASSED',
        message:
          'Ya pasó la hora límite de hoy (12:00) para solicitar una recolección; elige otro día.',
      });
      const english = await request(
        [guide.id],
        { date: TODAY, start: '14:00', end: '18:00' },
        'en',
      );
      expect(english.json().error.message).toBe(
        'Today’s cut-off time (12:00) to request a pickup has passed; choose another day.',
      );
    } finally {
      ctx.clock.advance(-150 * 60_000);
      owner = signedIn;
    }
  });

  it('answers 404 for a guide of another organization', async () => {
    const guide = await pendingGuide();
    const response = await call(stranger, 'POST', '/pickups', {
      shipment_ids: [guide.id],
      date: TOMORROW,
      start: '09:00',
      end: '13:00',
    });
    expect(response.statusCode).toBe(404);
    expect((await guideRow(ctx, guide.id)).pickupId).toBeNull();
  });

  it('refuses guides already collected or already in a pickup, and guides of two origins', async () => {
    const collected = await pendingGuide();
    await collect(ctx, 'estafeta', collected.trackingNumber!);
    const refused = await request([collected.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PICKUP_SHIPMENTS_NOT_ELIGIBLE');
    expect(refused.json().error.message).toContain(collected.trackingNumber);

    const { row: scheduled } = await buyGuide(ctx, owner, { locationId });
    expect(scheduled.pickupId).not.toBeNull();
    const again = await request([scheduled.id]);
    expect(again.json().error.code).toBe('PICKUP_SHIPMENTS_NOT_ELIGIBLE');

    const elsewhere = await pendingGuide({
      location: await createLocation(ctx, owner, { alias: 'Otra bodega', zip: '06600' }),
      originZip: '06600',
    });
    const here = await pendingGuide();
    const mixed = await request([here.id, elsewhere.id]);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.code).toBe('PICKUP_SHIPMENTS_MIXED');
    expect((await guideRow(ctx, here.id)).pickupId).toBeNull();
  });

  it('books the pickup and lists it with its packages, weight and guides', async () => {
    const location = await createLocation(ctx, owner, { alias: 'Bodega Norte' });
    const first = await pendingGuide({ location, packages: 2, weightKg: 2 });
    const second = await pendingGuide({ location, weightKg: 3.5 });
    const response = await request([first.id, second.id], { start: '10:00', end: '12:00' });
    expect(response.statusCode, response.body).toBe(201);
    const pickup = response.json().data as PickupView;
    expect(pickup).toMatchObject({
      carrier_key: 'estafeta',
      carrier_name: 'Estafeta',
      location_id: location,
      location_alias: 'Bodega Norte',
      date: TOMORROW,
      start: '10:00',
      end: '12:00',
      status: 'requested',
      package_count: 3,
      weight_kg: 7.5,
    });
    expect(pickup.confirmation_number).toMatch(/^EST-\d{10}$/);
    expect([...pickup.tracking_numbers].sort()).toEqual(
      [first.trackingNumber!, second.trackingNumber!].sort(),
    );
    expect(await guideRow(ctx, first.id)).toMatchObject({
      pickupId: pickup.id,
      pickupStart: '10:00',
      pickupEnd: '12:00',
    });

    const list = await call(owner, 'GET', '/pickups?pageSize=100');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().data as PickupView[]).find((item) => item.id === pickup.id);
    expect(listed).toEqual(pickup);
    expect(list.json().meta).toMatchObject({ page: 1, pageSize: 100 });
    expect(list.json().meta.total).toBe(list.json().data.length);

    const foreign = await call(stranger, 'GET', '/pickups');
    expect(foreign.json()).toEqual({ data: [], meta: { page: 1, pageSize: 20, total: 0 } });
  });
});

describe('automatic pickup', () => {
  it('books the next window with each guide, and later guides of that day join it', async () => {
    const location = await createLocation(ctx, owner, { alias: 'Bodega Sur' });
    const { row: first } = await buyGuide(ctx, owner, { locationId: location });
    const { row: second } = await buyGuide(ctx, owner, { locationId: location, weightKg: 5 });
    const firstRow = await guideRow(ctx, first.id);
    expect(firstRow).toMatchObject({ pickupStart: '11:30', pickupEnd: '13:00' });
    expect((await guideRow(ctx, second.id)).pickupId).toBe(firstRow.pickupId);

    const list = (await call(owner, 'GET', '/pickups?pageSize=100')).json().data as PickupView[];
    const pickup = list.find((item) => item.id === firstRow.pickupId)!;
    expect(pickup).toMatchObject({
      date: TODAY,
      start: '11:30',
      end: '13:00',
      package_count: 2,
      weight_kg: 7,
    });
    // Both bought at the same (manual) instant: compare as a set.
    expect([...pickup.tracking_numbers].sort()).toEqual(
      [first.trackingNumber, second.trackingNumber].sort(),
    );
  });

  it('leaves the guide pending, without throwing, when the carrier has no slot', async () => {
    const guide = await pendingGuide();
    const { pickups } = ctx.app.services;
    expect(
      await pickups.scheduleForShipment(organizationId, owner.id, guide.id, EVENING),
    ).toBeNull();
    const scheduled = await pickups.scheduleForShipment(organizationId, owner.id, guide.id, null);
    expect(scheduled).toMatchObject({ date: TODAY, start: '11:30', end: '13:00' });
    expect((await guideRow(ctx, guide.id)).pickupId).toBe(scheduled!.id);
    // Once in a pickup, asking again changes nothing.
    expect(await pickups.scheduleForShipment(organizationId, owner.id, guide.id, null)).toBeNull();
  });
});
