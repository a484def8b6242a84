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

describe('file storage on S3', () => {
  const s3 = {
    FILES_STORAGE: 's3',
    S3_BUCKET: 'despacho-archivos',
    S3_REGION: 'auto',
    S3_ACCESS_KEY_ID: 'clave',
    S3_SECRET_ACCESS_KEY: 'secreto',
  };

  it('keeps files on local disk when nothing is set', () => {
    expect(parseConfig({}).FILES_STORAGE).toBe('local');
  });

  it('stops the start naming each S3 variable still missing', () => {
    expect(() => parseConfig({ FILES_STORAGE: 's3' })).toThrow(
      /S3_BUCKET is required when FILES_STORAGE=s3[\s\S]*S3_REGION[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY is required when FILES_STORAGE=s3/,
    );
  });

  it('takes another S3-compatible endpoint, which must be an address', () => {
    const config = parseConfig({
      ...s3,
      S3_ENDPOINT: 'https://cuenta.r2.cloudflarestorage.com',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect([config.FILES_STORAGE, config.S3_FORCE_PATH_STYLE]).toEqual(['s3', true]);
    expect(parseConfig(s3).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ FILES_STORAGE: 'ftp' })).toThrow(/FILES_STORAGE/);
  });
});

describe('SMS through Twilio', () => {
  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
    TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
  };

  it('keeps the codes in the outbox when nothing is set', () => {
    expect(parseConfig({}).SMS_PROVIDER).toBe('none');
  });

  it('stops the start naming each variable Twilio still needs', () => {
    expect(() => parseConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID is required when SMS_PROVIDER=twilio[\s\S]*TWILIO_AUTH_TOKEN is required/,
    );
    expect(() => parseConfig(twilio)).toThrow(
      /TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM is required when SMS_PROVIDER=twilio/,
    );
    expect(parseConfig({ ...twilio, TWILIO_FROM: '+525512345678' }).SMS_PROVIDER).toBe('twilio');
    expect(
      parseConfig({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: `MG${'1b'.repeat(16)}` })
        .TWILIO_MESSAGING_SERVICE_SID,
    ).toMatch(/^MG/);
  });

  it('refuses a malformed value naming its variable, never echoing a secret', () => {
    const token = 'not-a-twilio-token-but-a-secret';
    let message = '';
    try {
      parseConfig({ ...twilio, TWILIO_FROM: 'Despacho', TWILIO_AUTH_TOKEN: token });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/TWILIO_AUTH_TOKEN/);
    expect(message).not.toContain(token);
    expect(() => parseConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    expect(() => parseConfig({ ...twilio, TWILIO_FROM: '55 1234 5678 extra' })).toThrow(
      /TWILIO_FROM/,
    );
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
