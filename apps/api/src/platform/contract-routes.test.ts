import swagger from '@fastify/swagger';
import { defineContract, defineOperation } from '@despacho/domain';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { implement, type ZodApp } from './contract-routes';
import { sendDownload } from './download';

const item = z.object({ data: z.object({ id: z.string() }) });

/** One operation of each kind `implement` treats apart. */
const contract = defineContract('things', {
  read: defineOperation({
    method: 'GET',
    path: '/things/:id',
    access: 'public',
    params: z.object({ id: z.string() }),
    responses: { 200: item },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/things',
    access: 'organization',
    body: z.object({ id: z.string() }),
    idempotencyKey: 'required',
    responses: { 200: item, 201: item },
  }),
  add: defineOperation({
    method: 'POST',
    path: '/things/added',
    access: 'organization',
    tags: ['others'],
    summary: 'Adds one',
    rateLimit: { max: 5, timeWindow: '1 minute' },
    responses: { 201: item },
  }),
  upload: defineOperation({
    method: 'POST',
    path: '/things/files',
    access: 'organization',
    upload: { field: 'file' },
    responses: { 201: item },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/things/:id',
    access: 'organization',
    params: z.object({ id: z.string() }),
    responses: { 204: null },
  }),
  export: defineOperation({
    method: 'GET',
    path: '/things/export',
    access: 'organization',
    download: true,
  }),
  push: defineOperation({
    method: 'POST',
    path: '/things/push',
    access: 'public',
    signed: { header: 'x-signature' },
    body: z.object({ id: z.string() }),
    responses: { 200: item },
  }),
});

/** An operation whose route config holds more than its access (a rate limit). */
const limited = defineContract('limited', {
  send: defineOperation({
    method: 'POST',
    path: '/limited',
    access: 'public',
    responses: { 204: null },
  }),
});
const rateLimit = { max: 5, timeWindow: '1 minute' };

let app: ZodApp;
/** What each route was registered with, by `METHOD url`. */
const routes = new Map<string, { config: unknown; consumes: unknown }>();
beforeAll(async () => {
  app = Fastify().withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const securitySchemes = { bearer: { type: 'http', scheme: 'bearer' } } as const;
  await app.register(swagger, {
    openapi: { components: { securitySchemes } },
    transform: jsonSchemaTransform,
  });
  app.addHook('onRoute', ({ method, url, config, schema }) => {
    routes.set(`${String(method)} ${url}`, { config, consumes: schema?.consumes });
  });
  implement(app, contract, {
    read: async (request) => ({ data: { id: request.params.id } }),
    create: async (request, reply) => reply.status(200).send({ data: request.body }),
    add: async () => ({ data: { id: 'added' } }),
    upload: async () => ({ data: { id: 'file' } }),
    remove: async () => {},
    export: async (_request, reply) =>
      sendDownload(reply, { type: 'text/csv', fileName: 'things.csv', content: 'id\n1\n' }),
    push: async (request) => ({ data: { id: request.body.toString('utf8') } }),
  });
  implement(app, limited, { send: async () => {} }, { send: { rateLimit } });
  await app.ready();
});
afterAll(() => app.close());

describe('implement', () => {
  it('answers the one success status an operation declares, or the one its handler sets', async () => {
    const read = await app.inject('/things/a%20b');
    expect([read.statusCode, read.json()]).toEqual([200, { data: { id: 'a b' } }]);
    const added = await app.inject({ method: 'POST', url: '/things/added' });
    expect([added.statusCode, added.json()]).toEqual([201, { data: { id: 'added' } }]);
    const created = await app.inject({ method: 'POST', url: '/things', payload: { id: 'x' } });
    expect([created.statusCode, created.json()]).toEqual([200, { data: { id: 'x' } }]);
    const removed = await app.inject({ method: 'DELETE', url: '/things/x' });
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
  });

  it('sends a download as its handler sent it', async () => {
    const file = await app.inject('/things/export');
    expect([file.statusCode, file.headers['content-type'], file.body]).toEqual([
      200,
      'text/csv',
      'id\n1\n',
    ]);
  });

  it('validates with the declared schemas and registers the access, further route config and the content type of an upload', async () => {
    const refused = await app.inject({ method: 'POST', url: '/things', payload: { id: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(routes.get('GET /things/:id')?.config).toEqual({ access: 'public' });
    expect(routes.get('DELETE /things/:id')?.config).toEqual({ access: 'organization' });
    expect(routes.get('POST /limited')?.config).toEqual({ access: 'public', rateLimit });
    expect(routes.get('POST /things/files')?.consumes).toEqual(['multipart/form-data']);
    expect(routes.get('POST /things/added')?.config).toEqual({
      access: 'organization',
      rateLimit: { max: 5, timeWindow: '1 minute' },
    });
  });

  it('hands a signed webhook the exact bytes sent, unvalidated, and parses JSON elsewhere as before', async () => {
    const payload = '{"id": 1}';
    const pushed = await app.inject({
      method: 'POST',
      url: '/things/push',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect([pushed.statusCode, pushed.json()]).toEqual([200, { data: { id: payload } }]);
    const created = await app.inject({ method: 'POST', url: '/things', payload: { id: 'y' } });
    expect(created.json()).toEqual({ data: { id: 'y' } });
    expect(app.swagger().paths?.['/things/push']?.post?.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'x-signature', required: true }),
    ]);
  });

  it('documents tags, security and the Idempotency-Key header', () => {
    const paths = app.swagger().paths ?? {};
    expect(paths['/things/{id}']?.get).toMatchObject({ tags: ['things'] });
    expect(paths['/things/{id}']?.get).not.toHaveProperty('security');
    expect(paths['/things/added']?.post).toMatchObject({
      tags: ['others'],
      summary: 'Adds one',
      security: [{ bearer: [] }],
    });
    expect(paths['/things']?.post?.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    ]);
    expect(paths['/things/push']?.post).toHaveProperty('requestBody.required', true);
  });
});
