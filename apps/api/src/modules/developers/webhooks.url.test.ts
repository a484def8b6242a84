import { describe, expect, it } from 'vitest';
import { assertWebhookUrl } from './webhooks.url';

const production = (addresses: string[]) => ({
  production: true,
  lookup: async () => addresses,
});

describe('assertWebhookUrl', () => {
  it('takes any URL outside production (a local receiver)', async () => {
    await expect(
      assertWebhookUrl('http://127.0.0.1:4000/hooks', { production: false }),
    ).resolves.toBeUndefined();
  });

  it('takes HTTPS to a host whose every address is public in production', async () => {
    await expect(
      assertWebhookUrl('https://hooks.example.com/x', production(['93.184.216.34'])),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['plain HTTP', 'http://hooks.example.com/x', ['93.184.216.34']],
    ['a private address', 'https://hooks.example.com/x', ['10.0.0.7']],
    [
      'one private address among public ones',
      'https://hooks.example.com/x',
      ['93.184.216.34', '192.168.1.2'],
    ],
    ['cloud metadata', 'https://169.254.169.254/latest', []],
    ['loopback IPv6', 'https://[::1]/x', []],
    ['a name that does not resolve', 'https://nowhere.example/x', []],
  ])('refuses %s in production', async (_case, url, addresses) => {
    await expect(assertWebhookUrl(url, production(addresses))).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
  });
});
