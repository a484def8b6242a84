import { defineContract, defineOperation, vendorsContract } from '@despacho/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json } from '../test/fixtures';
import { createApiClient, pathOf, queryKeys } from './api-client';
import { createHttpClient } from './http';

/** A client over a fetch that answers `respond()` and records every request. */
function setup(respond: () => Response = () => json(200, { data: null })) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return respond();
  });
  const http = createHttpClient({
    fetch: fetch as typeof globalThis.fetch,
    language: () => 'es',
    onSessionEnd: vi.fn(),
  });
  return { call: createApiClient(http), calls };
}

const files = defineContract('files', {
  send: defineOperation({
    method: 'POST',
    path: '/files/:kind',
    access: 'organization',
    params: z.object({ kind: z.string() }),
    upload: { field: 'voucher' },
    idempotencyKey: 'required',
    responses: { 201: z.object({ data: z.object({ id: z.string() }) }) },
  }),
  export: defineOperation({
    method: 'GET',
    path: '/files/export',
    access: 'organization',
    download: true,
  }),
});

describe('the contract client', () => {
  it('fills the path parameters, URL-encoded, and refuses a missing one', () => {
    expect(pathOf('/vendors/:id/status', { id: 'a/b c' })).toBe('/vendors/a%2Fb%20c/status');
    expect(pathOf('/customers/:id/addresses/:addressId', { id: 1, addressId: 'x' })).toBe(
      '/customers/1/addresses/x',
    );
    expect(() => pathOf('/vendors/:id', {})).toThrow('Missing path parameter "id"');
  });

  it('calls an operation with its method, path, query and JSON body', async () => {
    const { call, calls } = setup();
    await call(vendorsContract.list, { query: { page: 2, search: 'tela', status: undefined } });
    await call(vendorsContract.setStatus, { params: { id: 'v 1' }, body: { status: 'disabled' } });
    expect(calls.map(({ url, init }) => [init.method, url, init.body])).toEqual([
      ['GET', '/api/v1/vendors?page=2&search=tela', undefined],
      ['PATCH', '/api/v1/vendors/v%201/status', '{"status":"disabled"}'],
    ]);
  });

  it('answers nothing for a 204 and a Blob for a download', async () => {
    const removed = setup(() => new Response(null, { status: 204 }));
    await expect(
      removed.call(vendorsContract.remove, { params: { id: 'v1' } }),
    ).resolves.toBeUndefined();
    const exported = setup(() => new Response('id\n1\n', { status: 200 }));
    const file = await exported.call(files.export);
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('id\n1\n');
  });

  it('sends an upload as a form with the file under the declared field, and the Idempotency-Key', async () => {
    const { call, calls } = setup(() => json(201, { data: { id: 'f1' } }));
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const answer = await call(files.send, {
      params: { kind: 'spei' },
      file,
      fields: { amount: '1250.00' },
      idempotencyKey: 'key-12345678',
    });
    expect(answer).toEqual({ data: { id: 'f1' } });
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/v1/files/spei');
    const form = init.body as FormData;
    expect(form.get('amount')).toBe('1250.00');
    expect(form.get('voucher')).toBeInstanceOf(Blob);
    expect(new Headers(init.headers).get('idempotency-key')).toBe('key-12345678');
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });
});

describe('queryKeys', () => {
  it('keys each call by domain, operation and input, under one prefix per domain', () => {
    const keys = queryKeys(vendorsContract);
    const query = { page: 1, search: 'tela' };
    expect(keys.all).toEqual(['vendors']);
    expect(keys.list({ query })).toEqual(['vendors', 'list', { query }]);
    expect(keys.get({ params: { id: 'v1' } })).toEqual([
      'vendors',
      'get',
      { params: { id: 'v1' } },
    ]);
    expect(keys.list()).toEqual(['vendors', 'list']);
  });
});
