import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { multipart, sampleFiles } from '../../test/multipart';
import { sendSpeiWebhook, speiTransfer } from '../../test/spei';
import { createTestMerchant, createTestUser, type TestUser } from '../../test/users';

/** Raw bytes on a socket, for what `inject()` never sends through Node's HTTP parser. */
function rawRequest(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('input refused before any route: always our envelope, in the caller language', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = (await createTestMerchant(ctx)).user;
    staff = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  const json = (user: TestUser, method: 'POST' | 'PUT', url: string, raw: string, lang = 'es') =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers({ 'x-language': lang, 'content-type': 'application/json' }),
      payload: raw,
    });
  const get = (user: TestUser, url: string, lang = 'es') =>
    ctx.app.inject({ url: `/api/v1${url}`, headers: user.headers({ 'x-language': lang }) });

  describe('NUL characters and lone surrogates', () => {
    const box = { name: 'Caja', unit: 'cm_kg', height: 1, length: 1, width: 1, weight: 1 };

    it('refuses a NUL in a JSON string as the field it is in, in Spanish and English', async () => {
      const raw = JSON.stringify({ ...box, name: 'Caja\u0000' });
      const es = await json(owner, 'POST', '/packages', raw);
      expect(es.statusCode).toBe(400);
      expect(es.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Revisa los datos marcados.',
        fields: { name: 'El texto contiene caracteres no válidos.' },
      });
      const en = await json(owner, 'POST', '/packages', raw, 'en');
      expect(en.json().error.fields).toEqual({
        name: 'The text contains characters that are not allowed.',
      });
    });

    it('finds it at any depth and in keys', async () => {
      const deep = JSON.stringify({ parcels: [{ a: { b: ['ok', 'x\u0000'] } }] });
      expect((await json(owner, 'POST', '/quotes', deep)).json().error.fields).toEqual({
        'parcels.0.a.b.1': 'El texto contiene caracteres no válidos.',
      });
      // As deep as a 1 MB body allows, answered at once (each value is visited once).
      const depth = 200_000;
      const deepest = `{"a": ${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
      const refusedDeep = await json(owner, 'POST', '/packages', deepest);
      expect(refusedDeep.statusCode).toBe(400);
      expect(Object.keys(refusedDeep.json().error.fields)).toEqual([
        ['a', ...Array<string>(depth).fill('0')].join('.'),
      ]);
      const key = JSON.stringify({ ...box, ['no\u0000te\u0000']: 1 });
      const refused = await json(owner, 'POST', '/packages', key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ note: expect.any(String) });
    });

    it('refuses a lone surrogate written as a JSON escape', async () => {
      const raw = '{"body":"hola \\ud800"}';
      const merchant = await json(owner, 'POST', '/support/conversation/messages', raw);
      expect(merchant.statusCode).toBe(400);
      expect(merchant.json().error.fields).toEqual({
        body: 'El texto contiene caracteres no válidos.',
      });
      // A well-formed pair (an emoji) is text like any other.
      const emoji = await json(owner, 'POST', '/support/conversation/messages', '{"body":"📦"}');
      expect(emoji.statusCode).toBe(201);
      const conversation = emoji.json().data.conversation_id as string | undefined;
      const staffRaw = '{"body":"\\udfff"}';
      const staffAnswer = await json(
        staff,
        'POST',
        `/staff/conversations/${conversation ?? '00000000-0000-4000-8000-000000000000'}/messages`,
        staffRaw,
        'en',
      );
      expect(staffAnswer.statusCode).toBe(400);
      expect(staffAnswer.json().error.fields).toEqual({
        body: 'The text contains characters that are not allowed.',
      });
    });

    it('refuses a NUL in a query parameter and in a path segment', async () => {
      const search = await get(owner, '/customers?search=%00', 'en');
      expect(search.statusCode).toBe(400);
      expect(search.json().error.fields).toEqual({
        search: 'The text contains characters that are not allowed.',
      });
      const tracking = await ctx.app.inject({ url: '/api/v1/tracking/%00' });
      expect(tracking.statusCode).toBe(400);
      expect(tracking.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { trackingNumber: 'El texto contiene caracteres no válidos.' },
      });
    });

    it('refuses a NUL in an uploaded file name or a form field, and stores nothing', async () => {
      const files = async () =>
        (await ctx.db.$client.query('select count(*)::int as n from files')).rows[0].n as number;
      const stored = await files();
      const form = multipart({ name: 'lo\u0000go.png', content: sampleFiles.png() });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/organization/logo',
        payload: form.payload,
        headers: { ...form.headers, ...owner.headers({ 'x-language': 'en' }) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please check the highlighted fields.',
        fields: { file: 'The text contains characters that are not allowed.' },
      });
      const voucher = multipart(
        { name: 'comprobante.pdf', content: sampleFiles.pdf(), field: 'voucher' },
        { amount: '100\u0000', tracking_key: 'MBAN0001' },
      );
      const deposit = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/deposits/spei',
        payload: voucher.payload,
        headers: { ...voucher.headers, ...owner.headers({ 'idempotency-key': 'nul-field-1' }) },
      });
      expect(deposit.statusCode).toBe(400);
      expect(deposit.json().error.fields).toEqual({
        amount: 'El texto contiene caracteres no válidos.',
      });
      expect(await files()).toBe(stored);
    });
  });

  it('answers 400 for invalid text only the database sees: a signed webhook body', async () => {
    const transfer = speiTransfer(ctx, { sender_name: 'Ana\u0000' });
    const response = await sendSpeiWebhook(ctx, transfer);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: { _: 'El texto contiene caracteres no válidos.' },
    });
  });

  describe('broken multipart', () => {
    it('answers 400 for a form without a boundary on every kind of upload', async () => {
      const headers = (user: TestUser) =>
        user.headers({
          'content-type': 'multipart/form-data',
          'x-language': 'en',
          'idempotency-key': 'no-boundary-1',
        });
      const uploads: [TestUser, string, 'POST' | 'PUT'][] = [
        [owner, '/organization/logo', 'POST'],
        [owner, '/verification/documents/id', 'PUT'],
        [owner, '/shipments/insurance-invoices', 'POST'],
        [owner, '/deposits/spei', 'POST'],
        [staff, '/staff/bank-statements', 'POST'],
      ];
      for (const [user, url, method] of uploads) {
        const response = await ctx.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: headers(user),
          payload: 'whatever',
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error, url).toEqual({
          code: 'MALFORMED_REQUEST',
          message: 'The request is not well formed.',
        });
      }
    });

    it('answers 400 for a form that ends before its closing delimiter', async () => {
      const form = multipart({ name: 'estado.csv', content: Buffer.from('fecha,clave\n') });
      const cut = form.payload.subarray(0, form.payload.length - 20);
      for (const [user, url, method] of [
        [staff, '/staff/bank-statements', 'POST'],
        [owner, '/organization/logo', 'POST'],
        [owner, '/verification/documents/id', 'PUT'],
        [owner, '/shipments/insurance-invoices', 'POST'],
        [owner, '/deposits/spei', 'POST'],
      ] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: { ...form.headers, ...user.headers({ 'idempotency-key': `cut-${url}` }) },
          payload: cut,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error, url).toEqual({
          code: 'MALFORMED_REQUEST',
          message: 'La solicitud no tiene un formato válido.',
        });
      }
    });
  });

  describe("the framework's own refusals", () => {
    it('answers malformed JSON and an unsupported content type in our envelope', async () => {
      const broken = await json(owner, 'POST', '/packages', '{"name": ', 'en');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        error: { code: 'MALFORMED_REQUEST', message: 'The request is not well formed.' },
      });
      const text = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/packages',
        headers: owner.headers({ 'content-type': 'application/xml' }),
        payload: '<caja/>',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a malformed percent-escape and an over-long path parameter in our envelope', async () => {
      const badEscape = await get(owner, '/customers/%E0%A4%A', 'en');
      expect(badEscape.statusCode).toBe(400);
      expect(badEscape.json()).toEqual({
        error: { code: 'MALFORMED_REQUEST', message: 'The request is not well formed.' },
      });
      const long = await get(owner, `/tracking/${'A'.repeat(2000)}`);
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({
        error: {
          code: 'URI_TOO_LONG',
          message: 'La dirección de la solicitud es demasiado larga.',
        },
      });
    });

    it("answers Node's parser errors (431 for a 100 kB query string, 400 for garbage) raw, in our envelope", async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const response = await rawRequest(port, `/api/v1/customers?search=${'a'.repeat(100_000)}`);
      expect(response.status).toBe(431);
      expect(JSON.parse(response.body)).toEqual({
        error: {
          code: 'HEADERS_TOO_LARGE',
          message: 'Los encabezados o la dirección de la solicitud son demasiado grandes.',
        },
      });
      // A request line Node cannot parse: 400, the same way.
      const garbage = await new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
      expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'MALFORMED_REQUEST', message: 'La solicitud no tiene un formato válido.' },
      });
      // The server still answers the next caller.
      expect((await rawRequest(port, '/api/v1/health')).status).toBe(200);
    });
  });
});
