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
