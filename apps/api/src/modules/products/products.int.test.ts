import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { createProduct, productBody, withVariants } from './products.test-support';

describe('products', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates a product and reads it back, money in centavos', async () => {
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({ tags: ['verano'], compare_at_price: '299', tariff_code: '6109.10.01.00' }),
    );
    expect(created).toMatchObject({
      name: 'Playera básica',
      status: 'ACTIVE',
      // 10 digits, but no catalogue checked them (none is imported here): not classified.
      tariff_status: 'UNCLASSIFIED',
      tariff_code: '6109100100',
      compare_at_price: 29_900,
      tags: ['verano'],
      variants: [{ sku: 'PLA-001', price: 24_990, title: null, option_values: [] }],
      images: [],
      collections: [],
      missing: [],
    });
    const read = await call(owner, 'GET', `/products/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
  });

  it('keeps an 8-digit fracción as partial: UNCLASSIFIED', async () => {
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'PARTIAL-1' }], status: 'DRAFT', tariff_code: '61091001' }),
    );
    expect(created).toMatchObject({ tariff_code: '61091001', tariff_status: 'UNCLASSIFIED' });
  });

  it('refuses a badly written fracción', async () => {
    const response = await call(
      owner,
      'POST',
      '/products',
      productBody({ variants: [{ sku: 'FRAC-1' }], tariff_code: '6109.10' }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['tariff_code']);
  });

  it('refuses a 4th option, in Spanish and English', async () => {
    const options = ['Color', 'Talla', 'Material', 'Corte'].map((name) => ({
      name,
      values: ['A'],
    }));
    const body = productBody({
      options,
      variants: [{ option_values: ['A', 'A', 'A', 'A'], sku: 'OPT-4' }],
    });
    const es = await call(owner, 'POST', '/products', body);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.fields.options).toBe(
      'Un producto tiene máximo 3 opciones (propiedades de variante).',
    );
    const en = await call(owner, 'POST', '/products', body, 'en');
    expect(en.json().error.fields.options).toBe(
      'A product has at most 3 options (variant properties).',
    );
  });

  it('refuses 101 variants', async () => {
    const values = Array.from({ length: 50 }, (_, i) => `V${i}`);
    const body = productBody({
      options: [
        { name: 'A', values },
        { name: 'B', values: ['1', '2', '3'] },
      ],
      variants: Array.from({ length: 101 }, (_, i) => ({
        option_values: [`V${i % 50}`, String(Math.floor(i / 50) + 1)],
        sku: `MANY-${i}`,
      })),
    });
    const response = await call(owner, 'POST', '/products', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.variants).toBe('Un producto tiene máximo 100 variantes.');
  });

  it('refuses a SKU the organization already has, whatever its case', async () => {
    await createProduct(ctx.app, owner, productBody({ variants: [{ sku: 'DUP-AA', price: '1' }] }));
    for (const sku of ['DUP-AA', 'dup-aa']) {
      const response = await call(
        owner,
        'POST',
        '/products',
        productBody({ name: 'Otro', variants: [{ sku, price: '1' }] }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'PRODUCT_ALREADY_REGISTERED',
        details: { sku },
        fields: { 'variants.0.sku': expect.any(String) },
      });
    }
    // Another organization may use it.
    await createProduct(ctx.app, other, productBody({ variants: [{ sku: 'dup-aa', price: '1' }] }));
  });

  it('refuses the same SKU twice in one product, with its path', async () => {
    const response = await call(
      owner,
      'POST',
      '/products',
      withVariants('TWICE', {
        variants: [
          { option_values: ['Rojo', 'S'], sku: 'TW-1', price: '1' },
          { option_values: ['Rojo', 'M'], sku: 'tw-1', price: '1' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['variants.1.sku']);
  });

  it('lets exactly one of 20 simultaneous creates with one SKU win', async () => {
    const body = productBody({ name: 'Carrera', variants: [{ sku: 'RACE-1', price: '10' }] });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(owner, 'POST', '/products', body)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error).toMatchObject({
        code: 'PRODUCT_ALREADY_REGISTERED',
        details: { sku: 'RACE-1' },
        fields: { 'variants.0.sku': expect.any(String) },
      });
    }
  });

  it('gives products of one name their own handles', async () => {
    const first = await createProduct(
      ctx.app,
      owner,
      productBody({ name: 'Gorra', variants: [{ sku: 'GO-1', price: '1' }] }),
    );
    const second = await createProduct(
      ctx.app,
      owner,
      productBody({ name: 'Gorra', variants: [{ sku: 'GO-2', price: '1' }] }),
    );
    const handles = await ctx.db.$client.query<{ handle: string }>(
      'select handle from products where id = any($1) order by created_at, handle',
      [[first.id, second.id]],
    );
    expect(handles.rows.map((row) => row.handle).sort()).toEqual(['gorra', 'gorra-2']);
  });

  it('refuses a website that is not an http(s) address', async () => {
    for (const website of ['javascript:alert(1)', 'tienda punto mx', 'ftp://tienda.mx']) {
      const response = await call(
        owner,
        'POST',
        '/products',
        productBody({ variants: [{ sku: 'WEB-1', price: '1' }], website }),
      );
      expect(response.statusCode, website).toBe(400);
      expect(response.json().error.fields).toEqual({ website: 'Ingresa una URL válida.' });
    }
  });

  it('asks an ACTIVE product for the SAT keys; a DRAFT may lack them', async () => {
    const lacking = productBody({
      variants: [{ sku: 'SAT-1', price: '1' }],
      sat_product_code: undefined,
      sat_unit_code: undefined,
    });
    const active = await call(owner, 'POST', '/products', lacking);
    expect(active.statusCode).toBe(400);
    expect(active.json().error.fields).toEqual({
      sat_product_code: 'Este dato es obligatorio para publicar el producto.',
      sat_unit_code: 'Este dato es obligatorio para publicar el producto.',
    });
    const draft = await createProduct(ctx.app, owner, { ...lacking, status: 'DRAFT' });
    expect(draft.missing).toEqual([['sat_product_code'], ['sat_unit_code']]);
  });

  it('refuses a country outside c_Pais', async () => {
    const response = await call(
      owner,
      'POST',
      '/products',
      productBody({ variants: [{ sku: 'CTY-1', price: '1' }], origin_country: 'XKK' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'COUNTRY_NOT_FOUND',
      fields: { origin_country: expect.stringContaining('XKK') },
    });
    const ok = await createProduct(
      ctx.app,
      owner,
      productBody({
        variants: [{ sku: 'CTY-2', price: '1' }],
        origin_country: 'chn',
        manufacture_country: 'ZZZ',
      }),
    );
    expect(ok).toMatchObject({ origin_country: 'CHN', manufacture_country: 'ZZZ' });
  });

  it('keeps only safe HTML in the description', async () => {
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({
        variants: [{ sku: 'HTML-1', price: '1' }],
        description:
          '<p onclick="x()">Suave <strong>algodón</strong><script>alert(1)</script></p>' +
          '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">mal</a>' +
          '<a href="https://tienda.mx" target="_self">bien</a><iframe src="https://x"></iframe>',
      }),
    );
    const description = created.description as string;
    expect(description).not.toMatch(/script|onerror|onclick|javascript:|<img|iframe/);
    expect(description).toContain('<p>Suave <strong>algodón</strong></p>');
    expect(description).toMatch(/<a href="https:\/\/tienda.mx"[^>]*>bien<\/a>/);
    expect(description.match(/<a [^>]*>bien/)![0]).toContain('rel="noopener noreferrer"');
    expect(description.match(/<a [^>]*>bien/)![0]).toContain('target="_blank"');
  });

  it('updates a product keeping the variant ids it is sent, deleting the others', async () => {
    const created = await createProduct(ctx.app, owner, withVariants('UPD'));
    const [first, second] = created.variants;
    const response = await call(
      owner,
      'PUT',
      `/products/${created.id}`,
      withVariants('UPD', {
        name: 'Playera renovada',
        options: [
          { name: 'Color', values: ['Rojo', 'Verde'] },
          { name: 'Talla', values: ['S', 'M'] },
        ],
        variants: [
          // Two kept variants swap their SKUs.
          { id: first!.id, option_values: ['Rojo', 'S'], sku: 'UPD-2', price: '1' },
          { id: second!.id, option_values: ['Rojo', 'M'], sku: 'UPD-1', price: '2' },
          { option_values: ['Verde', 'S'], sku: 'UPD-3', price: '3' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data;
    expect(updated.name).toBe('Playera renovada');
    expect(updated.variants.map((v: { id: string; sku: string }) => [v.id, v.sku])).toEqual([
      [first!.id, 'UPD-2'],
      [second!.id, 'UPD-1'],
      [expect.any(String), 'UPD-3'],
    ]);
    const { rows } = await ctx.db.$client.query(
      'select count(*)::int as n from product_variants where product_id = $1',
      [created.id],
    );
    expect(rows[0].n).toBe(3);
    // The deleted variant's SKU is free again.
    await createProduct(
      ctx.app,
      owner,
      productBody({ name: 'Otra', variants: [{ sku: 'UPD-4', price: '1' }] }),
    );
  });

  it('refuses a variant id of another product', async () => {
    const mine = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'OWN-1', price: '1' }] }),
    );
    const theirs = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'OWN-2', price: '1' }] }),
    );
    const response = await call(
      owner,
      'PUT',
      `/products/${mine.id}`,
      productBody({ variants: [{ id: theirs.variants[0]!.id, sku: 'OWN-1', price: '1' }] }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('keeps the tariff status the classification service set', async () => {
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'CLS-1', price: '1' }] }),
    );
    await ctx.db.$client.query(`update products set tariff_status = 'IN_REVIEW' where id = $1`, [
      created.id,
    ]);
    const response = await call(
      owner,
      'PUT',
      `/products/${created.id}`,
      productBody({ variants: [{ sku: 'CLS-1', price: '1' }], tariff_code: '6109100100' }),
    );
    expect(response.json().data).toMatchObject({
      tariff_status: 'IN_REVIEW',
      tariff_code: '6109100100',
    });
  });

  it('deletes a product, and answers 404 for it afterwards', async () => {
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'DEL-1', price: '1' }] }),
    );
    expect((await call(owner, 'DELETE', `/products/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/products/${created.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another organization's product and changes nothing", async () => {
    const mine = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'MINE-1', price: '1' }] }),
    );
    await expectEachNotFound(call, other, [
      ['GET', `/products/${mine.id}`],
      ['PUT', `/products/${mine.id}`, productBody({ variants: [{ sku: 'MINE-1', price: '1' }] })],
      ['DELETE', `/products/${mine.id}`],
    ]);
    const bulk = await call(other, 'POST', '/products/bulk', { action: 'archive', ids: [mine.id] });
    expect(bulk.json().data).toMatchObject({
      done: [],
      refused: [{ id: mine.id, code: 'NOT_FOUND' }],
    });
    expect((await call(owner, 'GET', `/products/${mine.id}`)).json().data.status).toBe('ACTIVE');
  });

  it('needs warehousing.products', async () => {
    const member = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    const product = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'PERM-1', price: '1' }] }),
    );
    await expectEachForbidden(call, member, [
      ['GET', '/products'],
      ['POST', '/products', productBody({ variants: [{ sku: 'PERM-2' }] })],
      ['GET', `/products/${product.id}`],
      ['PUT', `/products/${product.id}`, productBody()],
      ['DELETE', `/products/${product.id}`],
      ['POST', '/products/bulk', { action: 'archive', ids: [product.id] }],
      ['GET', `/product-images/${product.id}`],
      ['GET', `/product-datasheets/${product.id}`],
    ]);
    const allowed = await createTestUser(ctx, {
      organizationId,
      permissions: ['warehousing.products'],
    });
    expect((await call(allowed, 'GET', '/products')).statusCode).toBe(200);
  });
});
