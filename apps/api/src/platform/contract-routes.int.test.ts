import * as domain from '@despacho/domain';
import type { Contract } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { API_PREFIX } from './access';

/** Every contract the domain package exports (`<domain>Contract`), so a new one is checked too. */
const contracts = Object.entries(domain).filter(([name]) => name.endsWith('Contract')) as [
  string,
  Contract,
][];
const operations = contracts.flatMap(([, contract]) => Object.values(contract));

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the HTTP contracts', () => {
  it('registers every operation of every contract once, with its method, path and access', () => {
    expect(contracts.map(([name]) => name)).toContain('vendorsContract');
    const wrong = operations.flatMap((operation) => {
      const url = `${API_PREFIX}${operation.path}`;
      const routes = ctx.app.declaredRoutes.filter(
        (route) => route.method === operation.method && route.url === url,
      );
      const where = `${operation.domain}.${operation.name} (${operation.method} ${url})`;
      if (routes.length !== 1) return [`${where}: registered ${routes.length} times`];
      return routes[0]!.access === operation.access ? [] : [`${where}: other access`];
    });
    expect(wrong).toEqual([]);
  });

  it('registers no API route that a contract does not declare', () => {
    const declared = new Set(operations.map((op) => `${op.method} ${API_PREFIX}${op.path}`));
    // Fastify adds a HEAD beside every GET by itself.
    const undeclared = ctx.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !declared.has(route));
    expect(undeclared).toEqual([]);
  });

  it('documents every operation with its tags, bearer security unless public, and its answers', async () => {
    const document = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const operation of operations) {
      const path = `${API_PREFIX}${operation.path.replace(/:(\w+)/g, '{$1}')}`;
      const documented = document.paths[path]?.[operation.method.toLowerCase()];
      expect(documented, `${operation.method} ${path}`).toMatchObject({
        tags: operation.tags ?? [operation.domain],
        ...(operation.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(operation.description ? { description: operation.description } : {}),
      });
      // A download (a file, not JSON) keeps Fastify's default 200 answer.
      const statuses = operation.download ? ['200'] : Object.keys(operation.responses ?? {});
      expect(Object.keys(documented!.responses as object)).toEqual(statuses);
    }
    expect(document.paths[`${API_PREFIX}/vendors/{id}`]?.delete?.responses).toMatchObject({
      204: { description: 'No Content' },
    });
  });
});
