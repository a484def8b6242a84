import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOnlyFetch } from './public-fetch';
import { assertPublicUrl } from './public-url';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits += 1;
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

describe('publicOnlyFetch', () => {
  it('refuses a name that answered a public address to the check and a private one to the connection', async () => {
    // DNS rebinding: the first answer (the check's) is public, every later one this machine.
    let answers = 0;
    const rebinding = async () => (answers++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']);
    const url = `http://rebind.example:${port}/hook`;
    await assertPublicUrl(url, { lookup: rebinding });
    const refused = await publicOnlyFetch(rebinding)(url, { method: 'POST', body: '{}' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TypeError);
    expect(String((refused as TypeError).cause)).toMatch(/not a public address/);
    expect(hits).toBe(0);
  });

  it('refuses a name whose answers mix public and private addresses', async () => {
    const mixed = async () => ['93.184.215.14', '127.0.0.1'];
    await expect(publicOnlyFetch(mixed)(`http://mixed.example:${port}/`)).rejects.toThrow();
    expect(hits).toBe(0);
  });

  it('leaves the receiver reachable by a plain fetch: the refusals above are the lookup’s', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('reached');
    expect(hits).toBe(1);
  });
});
