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

describe('CFDI PAC switched on (Facturapi)', () => {
  it('stops the start naming the key and the webhook secret Facturapi still needs', () => {
    expect(() => parseConfig({ CFDI_PAC: 'facturapi' })).toThrow(
      /FACTURAPI_API_KEY is required when CFDI_PAC=facturapi[\s\S]*FACTURAPI_WEBHOOK_SECRET is required/,
    );
    expect(() =>
      parseConfig({ CFDI_PAC: 'facturapi', FACTURAPI_API_KEY: 'sk_live_0123456789abcdef' }),
    ).toThrow(/FACTURAPI_WEBHOOK_SECRET/);
  });

  it('refuses a malformed key or secret, naming the variable', () => {
    const secret = { FACTURAPI_WEBHOOK_SECRET: 'a-webhook-secret-long-enough' };
    expect(() =>
      parseConfig({ CFDI_PAC: 'facturapi', FACTURAPI_API_KEY: 'pk_live_0123456789', ...secret }),
    ).toThrow(/FACTURAPI_API_KEY: a secret key/);
    expect(() =>
      parseConfig({
        CFDI_PAC: 'facturapi',
        FACTURAPI_API_KEY: 'sk_test_0123456789',
        FACTURAPI_WEBHOOK_SECRET: 'short',
      }),
    ).toThrow(/FACTURAPI_WEBHOOK_SECRET: at least 16/);
    expect(() => parseConfig({ CFDI_PAC: 'finkok' })).toThrow(/CFDI_PAC/);
  });

  it('starts with the key and the secret, and keeps the sandbox PAC when nothing is set', () => {
    const on = parseConfig({
      CFDI_PAC: 'facturapi',
      FACTURAPI_API_KEY: 'sk_test_0123456789abcdef',
      FACTURAPI_WEBHOOK_SECRET: 'a-webhook-secret-long-enough',
    });
    expect(on.CFDI_PAC).toBe('facturapi');
    expect(parseConfig({}).CFDI_PAC).toBe('sandbox');
  });
});
