/**
 * What a provider's webhook answers to a request it cannot read: no body, a form instead of
 * JSON, half a JSON document, each with signature headers that check nothing. Never a 5xx (a
 * provider retries those for days): a localized 4xx, or the receipt that nothing was taken.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const WEBHOOKS = [
  '/api/v1/webhooks/carriers/estafeta',
  '/api/v1/webhooks/facturapi',
  '/api/v1/webhooks/spei',
  '/api/v1/webhooks/stores/mercadolibre',
  '/api/v1/webhooks/stores/shopify',
  '/api/v1/webhooks/stores/woocommerce/00000000-0000-4000-8000-000000000000',
  '/api/v1/webhooks/stripe',
  '/api/v1/webhooks/twilio/status',
];

/** Each provider's signature header, present and wrong. */
const SIGNATURES = {
  'x-signature': 'abc',
  'stripe-signature': 't=1,v1=abc',
  'x-shopify-hmac-sha256': 'abc',
  'x-wc-webhook-signature': 'abc',
  'x-twilio-signature': 'abc',
};

const BODIES = [
  { name: 'no body', headers: {} },
  { name: 'JSON announced, none sent', headers: { 'content-type': 'application/json' } },
  { name: 'an empty form', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  {
    name: 'half a JSON document',
    headers: { 'content-type': 'application/json' },
    payload: '{"a":',
  },
];

it('answers every unreadable request with a 4xx or a receipt of nothing taken, never a 5xx', async () => {
  const answers: string[] = [];
  for (const url of WEBHOOKS) {
    for (const body of BODIES) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...SIGNATURES, ...body.headers },
        ...(body.payload ? { payload: body.payload } : {}),
      });
      answers.push(`${response.statusCode} ${url} (${body.name})`);
      if (response.statusCode === 200) {
        expect(response.json().data, url).toMatchObject({ received: false });
      } else {
        expect(response.json().error.message, url).toEqual(expect.any(String));
      }
    }
  }
  expect(answers.filter((answer) => !/^(200|4\d\d) /.test(answer))).toEqual([]);
});
