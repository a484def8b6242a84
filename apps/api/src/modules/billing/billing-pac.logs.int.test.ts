import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifySpei, trackingKey } from '../../../test/spei';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser } from '../../../test/users';
import { providerFailures } from '../../platform/provider-calls.tables';
import { signFacturapiWebhook } from './facturapi-webhook';
import { facturapiDouble } from './facturapi.test-support';

const API_KEY = 'sk_live_U2VjcmV0b0RlRmFjdHVyYXBpTG9ncw';
const WEBHOOK_SECRET = 'facturapi-webhook-secret-kept-out-of-logs';

describe('Facturapi secrets in the logs', () => {
  let double: Awaited<ReturnType<typeof facturapiDouble>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    double = await facturapiDouble();
    ctx = await createTestApp({
      LOG_LEVEL: 'trace',
      CFDI_PAC: 'facturapi',
      FACTURAPI_API_KEY: API_KEY,
      FACTURAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FACTURAPI_BASE_URL: double.baseUrl,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await double.close();
  });

  it('never writes the API key or the webhook secret, even when Facturapi echoes the key', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const staff = await createTestUser(ctx, { isStaff: true });
      const { user } = await createTestMerchant(ctx);
      const deposit = await notifySpei(ctx, user, {
        amount: '1,250.00',
        tracking_key: trackingKey(),
      });
      await callAs(ctx.app, staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
      double.answers.push({ status: 401, body: { message: `API key inválida: ${API_KEY}` } });
      await ctx.app.jobs.runDue(ctx.clock.now(), 100);
      expect(double.requests[0]!.authorization).toBe(`Bearer ${API_KEY}`);

      const body = JSON.stringify({
        type: 'invoice.cancellation_status_updated',
        created_at: ctx.clock.now().toISOString(),
        data: { object: { id: 'inv_x', status: 'canceled', cancellation_status: 'accepted' } },
      });
      for (const signature of [signFacturapiWebhook(WEBHOOK_SECRET, body), 'f'.repeat(64)]) {
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/facturapi',
          headers: { 'content-type': 'application/json', 'facturapi-signature': signature },
          payload: body,
        });
      }

      const written = [
        ...ctx.logs,
        ...printed.mock.calls.map((args) => args.map((arg) => String(arg)).join(' ')),
        JSON.stringify(await ctx.db.select().from(providerFailures)),
      ].join('\n');
      expect(ctx.logs.length).toBeGreaterThan(0);
      expect(written).toMatch(/facturapi/);
      expect(written).not.toContain(API_KEY.slice('sk_live_'.length));
      expect(written).not.toContain(WEBHOOK_SECRET);
    } finally {
      printed.mockRestore();
    }
  });
});
