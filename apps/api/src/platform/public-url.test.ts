import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPublicAddress, NonPublicUrlError } from './public-url';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

const refusal = (url: string, options?: Parameters<typeof assertPublicUrl>[1]) =>
  assertPublicUrl(url, options).then(
    () => null,
    (error: unknown) => (error instanceof NonPublicUrlError ? error.reason : error),
  );

describe('public URLs (server-side request forgery guard)', () => {
  it('tells public addresses from loopback, private, link-local, metadata and reserved ones', () => {
    for (const address of ['8.8.8.8', '151.101.1.69', '2606:4700::6810:84e5']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::5',
      'ff02::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('172.32.0.1')).toBe(true);
  });

  it('refuses URLs whose host is, or resolves to, a non-public address', async () => {
    const publicDns = { lookup: resolvesTo('93.184.215.14') };
    expect(await refusal('https://tienda.example.mx/', publicDns)).toBeNull();
    expect(await refusal('http://tienda.example.mx:8080/shop', publicDns)).toBeNull();
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.8:8080/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00:ec2::254]/',
      // Other spellings of 127.0.0.1 the URL parser normalizes.
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect(await refusal(url, publicDns), url).toBe('private');
    }
    // A name is judged by what it resolves to: every answer must be public.
    expect(await refusal('http://localhost:3000/', { lookup: resolvesTo('127.0.0.1') })).toBe(
      'private',
    );
    expect(
      await refusal('https://mixta.example.mx/', { lookup: resolvesTo('8.8.8.8', '10.0.0.1') }),
    ).toBe('private');
    expect(await refusal('https://nadie.example.mx/', { lookup: resolvesTo() })).toBe('unresolved');
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await refusal('https://nadie.example.mx/', { lookup: failing })).toBe('unresolved');
    expect(await refusal('file:///etc/passwd')).toBe('scheme');
    expect(await refusal('gopher://127.0.0.1/')).toBe('scheme');
    expect(await refusal('no es una url')).toBe('invalid');
  });

  it('resolves names with the system resolver by default (localhost is loopback)', async () => {
    expect(await refusal('http://localhost/')).toBe('private');
  });

  it('lets through only URLs under the allowed prefixes, once normalized', async () => {
    const allowPrefixes = ['http://127.0.0.1:4100/sandbox/woocommerce/'];
    expect(
      await refusal('http://127.0.0.1:4100/sandbox/woocommerce/site/x/wp-json', { allowPrefixes }),
    ).toBeNull();
    for (const url of [
      'http://127.0.0.1:4100/api/v1/stores',
      'http://127.0.0.1:4100/sandbox/woocommerce/../../api/v1/stores',
      'http://127.0.0.1:4100/sandbox/woocommerce/%2e%2e/%2e%2e/api/v1',
      'http://127.0.0.1:4100/sandbox/woocommerce-otra/',
      'http://127.0.0.1:4101/sandbox/woocommerce/site/x',
      'https://127.0.0.1:4100/sandbox/woocommerce/site/x',
    ]) {
      expect(await refusal(url, { allowPrefixes }), url).toBe('private');
    }
  });
});
