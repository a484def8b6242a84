import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { grantedScopes, SHOPIFY_SCOPES } from './shopify-app';
import { centavosOf } from './shopify-orders';
import * as queries from './shopify-queries';
import { queryCost, SANDBOX_SCHEMA } from './shopify-sandbox.graphql';
import {
  oauthQueryHmac,
  oauthQueryValid,
  webhookHmac,
  webhookHmacValid,
} from './shopify-signatures';

const documents = Object.entries(queries).filter(
  (entry): entry is [string, string] => typeof entry[1] === 'string',
);

describe('the GraphQL documents the adapter sends', () => {
  it.each(documents)(
    '%s fits the schema and stays under Shopify’s 1,000-point query limit',
    (_name, document) => {
      const parsed = parse(document);
      expect(validate(SANDBOX_SCHEMA, parsed)).toEqual([]);
      const cost = queryCost(parsed, { first: queries.ORDERS_PAGE_SIZE });
      expect(cost).toBeGreaterThan(0);
      expect(cost).toBeLessThanOrEqual(1000);
    },
  );

  it('counts a connection as 2 plus its page of nodes, its pageInfo once', () => {
    const cost = queryCost(
      parse(
        '{ orders(first: 10) { nodes { id lineItems(first: 5) { nodes { id } } } pageInfo { hasNextPage } } }',
      ),
      {},
    );
    // 2 + 10 × (1 + (2 + 5 × 1)) + 1
    expect(cost).toBe(2 + 10 * 8 + 1);
  });
});

describe('Shopify’s grants, amounts and signatures', () => {
  it('counts a write scope as granting its read scope', () => {
    expect(grantedScopes('write_orders,write_merchant_managed_fulfillment_orders')).toEqual(
      [...SHOPIFY_SCOPES].sort(),
    );
    expect(grantedScopes('read_orders')).toEqual(['read_orders']);
  });

  it('reads decimal amounts as centavos without floating point', () => {
    expect(centavosOf('1234.5')).toBe(123450);
    expect(centavosOf('0.07')).toBe(7);
    expect(centavosOf('19.99')).toBe(1999);
    expect(centavosOf('-3.10')).toBe(-310);
    expect(centavosOf('12')).toBe(1200);
  });

  it('signs the OAuth query sorted by name, without hmac, and checks it', () => {
    const query = { shop: 'a.myshopify.com', code: 'c', timestamp: '1', state: 's' };
    const signed = { ...query, hmac: oauthQueryHmac(query, 'secret') };
    expect(oauthQueryValid(signed, 'secret')).toBe(true);
    expect(oauthQueryValid(signed, 'other')).toBe(false);
    expect(oauthQueryValid({ ...signed, state: 't' }, 'secret')).toBe(false);
  });

  it('checks a webhook on its exact bytes', () => {
    const body = Buffer.from('{"a":"x\\u0026y"}');
    const header = webhookHmac(body, 'secret');
    expect(webhookHmacValid(header, body, 'secret')).toBe(true);
    expect(webhookHmacValid(header, Buffer.from('{"a":"x&y"}'), 'secret')).toBe(false);
    expect(webhookHmacValid(undefined, body, 'secret')).toBe(false);
  });
});
