import { describe, expect, it } from 'vitest';
import { apiKeyCreateSchema } from './api-keys.schemas';
import { apiKeyChecksum, apiKeyDisplayPrefix, isIpOrCidr, parseApiKey } from './api-keys.rules';

const RANDOM = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123';

describe('API key shape', () => {
  it('accepts a key whose checksum matches its random part, and tells its mode', () => {
    const key = `dsp_live_${RANDOM}${apiKeyChecksum(RANDOM)}`;
    expect(parseApiKey(key)).toEqual({ mode: 'live' });
    expect(parseApiKey(key.replace('live', 'test'))).toEqual({ mode: 'test' });
    expect(apiKeyDisplayPrefix(key)).toBe('dsp_live_AbCdEf');
  });

  it('refuses a mistyped character, a wrong length or another prefix', () => {
    const key = `dsp_test_${RANDOM}${apiKeyChecksum(RANDOM)}`;
    expect(parseApiKey(key.replace('AbC', 'AbD'))).toBeNull();
    expect(parseApiKey(key.slice(0, -1))).toBeNull();
    expect(parseApiKey(key.replace('dsp_test_', 'dsp_prod_'))).toBeNull();
    expect(parseApiKey(`${key}x`)).toBeNull();
  });

  it('writes the CRC32 in six base62 characters (CRC32 of "123456789" is 0xCBF43926)', () => {
    // The standard CRC32 check value, 0xCBF43926, written in base62.
    expect(apiKeyChecksum('123456789')).toBe('3jZRME');
    expect(apiKeyChecksum('')).toBe('000000');
  });
});

describe('IP allow-list entries', () => {
  it.each(['203.0.113.7', '203.0.113.0/24', '0.0.0.0/0', '2001:db8::/32', '::1', 'fe80::1:2'])(
    'accepts %s',
    (entry) => expect(isIpOrCidr(entry)).toBe(true),
  );
  it.each([
    '203.0.113.256',
    '203.0.113.0/33',
    '10.0.0',
    '2001:db8::/129',
    '1::2::3',
    'host',
    '1.2.3.4/',
  ])('refuses %s', (entry) => expect(isIpOrCidr(entry)).toBe(false));

  it('refuses a repeated entry and a repeated scope', () => {
    const base = { name: 'ERP', mode: 'live' as const };
    const scope = { permission: 'shipments.quick_quote' as const, access: 'read' as const };
    expect(apiKeyCreateSchema.safeParse({ ...base, scopes: [scope, scope] }).success).toBe(false);
    const twice = { ...base, scopes: [scope], allowed_ips: ['10.0.0.1', '10.0.0.1'] };
    expect(apiKeyCreateSchema.safeParse(twice).success).toBe(false);
    expect(apiKeyCreateSchema.parse({ ...base, scopes: [scope] })).toMatchObject({
      expires_at: null,
      allowed_ips: [],
    });
  });
});
