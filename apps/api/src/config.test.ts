import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

const trustProxy = (value?: string) => parseConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy(' ')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDRs and proxy-addr range names', () => {
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start-up', () => {
    for (const wrong of ['true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '10.0.0.1,']) {
      expect(() => trustProxy(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('providers switched on', () => {
  it('stops the start naming each variable a switched-on carrier still needs', () => {
    expect(() => parseConfig({ DHL_EXPRESS_MODE: 'production', DHL_EXPRESS_API_KEY: 'k' })).toThrow(
      /DHL_EXPRESS_API_SECRET is required when DHL_EXPRESS_MODE=production[\s\S]*DHL_EXPRESS_ACCOUNT_NUMBER/,
    );
    expect(() => parseConfig({ FEDEX_MODE: 'test' })).toThrow(/FEDEX_CLIENT_ID is required/);
    expect(() => parseConfig({ FEDEX_MODE: 'test', FEDEX_ACCOUNT_NUMBER: '12' })).toThrow(
      /FEDEX_ACCOUNT_NUMBER/,
    );
  });

  it('keeps every carrier a sandbox when nothing is set', () => {
    const config = parseConfig({});
    expect([config.DHL_EXPRESS_MODE, config.FEDEX_MODE]).toEqual(['sandbox', 'sandbox']);
  });
});

describe('Stripe card payments', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_51Despacho',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51Despacho',
    STRIPE_WEBHOOK_SECRET: 'whsec_c2lnbmluZw==',
  };

  it('stops the start naming each Stripe variable PAYMENT_PROVIDER=stripe still needs', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    const { STRIPE_WEBHOOK_SECRET: _omitted, ...withoutSecret } = keys;
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', ...withoutSecret })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(parseConfig({ PAYMENT_PROVIDER: 'stripe', ...keys }).PAYMENT_PROVIDER).toBe('stripe');
  });

  it('refuses a key of the wrong kind by the variable, without echoing it', () => {
    const swapped = { ...keys, STRIPE_SECRET_KEY: 'pk_test_51Despacho' };
    const refusal = (() => {
      try {
        parseConfig({ PAYMENT_PROVIDER: 'stripe', ...swapped });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toMatch(/STRIPE_SECRET_KEY: a secret key/);
    expect(refusal).not.toContain('pk_test_51Despacho');
    expect(() => parseConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: a signing secret/,
    );
  });

  it('keeps the sandbox provider when nothing is set', () => {
    expect(parseConfig({}).PAYMENT_PROVIDER).toBeUndefined();
  });
});
