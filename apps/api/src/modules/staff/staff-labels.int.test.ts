import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import { exitsBench } from '../exits/exits.test-support';
import { fund } from '../shipments/guides.test-support';

/** Staff print the label of the guide they bought for a warehouse exit, through the exit. */
describe('staff exit labels', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let bench: Awaited<ReturnType<typeof exitsBench>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    bench = await exitsBench(ctx);
  });
  afterAll(() => ctx.close());

  /** A merchant's exit of one unit to a customer, processed (reserved) and not yet shipped. */
  async function processedExit() {
    const merchant = await bench.merchant(3);
    const exit = await bench.createExit(merchant, [
      { variant_id: merchant.variants[0]!, quantity: 1 },
    ]);
    const processed = await bench.call(merchant.user, 'POST', `/exits/${exit.id}/process`, {});
    expect(processed.statusCode, processed.body).toBe(200);
    await fund(ctx, merchant.organizationId, 500_000);
    return { id: exit.id, user: merchant.user };
  }

  it('answers the shipped exit’s label to staff, 404 before the guide, 403 to its merchant', async () => {
    const { call, staff } = bench;
    const exit = await processedExit();
    const before = await call(staff, 'GET', `/staff/exits/${exit.id}/label.pdf`);
    expect(before.statusCode, before.body).toBe(404);

    const shipped = await call(
      staff,
      'POST',
      `/staff/exits/${exit.id}/ship`,
      await bench.shipBody(exit.id),
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tracking = shipped.json().data.guide.tracking_number as string;

    const pdf = await call(staff, 'GET', `/staff/exits/${exit.id}/label.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename=guia-${tracking}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await expectEachForbidden(call, exit.user, [['GET', `/staff/exits/${exit.id}/label.pdf`]]);
    const unknown = await call(staff, 'GET', `/staff/exits/${randomUUID()}/label.pdf`);
    expect(unknown.statusCode).toBe(404);
  });
});
