import { errorMessage, type ProductImportView } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { multipart } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { parseCsv } from '../../platform/csv';
import { files } from '../../platform/files.tables';
import { csvOf, productsCsv, publishableRow, variantRow } from './product-imports.test-support';
import { productImports, products } from './products.tables';

describe('products CSV import and export', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);

  const upload = (user: TestUser, content: Buffer, language = 'es') => {
    const form = multipart({ name: 'productos.csv', content, type: 'text/csv' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/product-imports',
      payload: form.payload,
      headers: { ...form.headers, ...user.headers({ 'x-language': language }) },
    });
  };
  /** Uploads a file as `user`, expecting 201; answers the import. */
  const importFile = async (user: TestUser, content: Buffer, language = 'es') => {
    const response = await upload(user, content, language);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as ProductImportView;
  };
  const status = async (user: TestUser, id: string) => {
    const response = await call(user, 'GET', `/product-imports/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ProductImportView;
  };
  const countProducts = (orgId: string) =>
    ctx.db.$count(products, eq(products.organizationId, orgId));
  const runJobs = () => ctx.app.jobs.runDue(ctx.clock.now());
  const exportCsv = async (user: TestUser, query = '', language = 'es') => {
    const response = await call(user, 'GET', `/products/export${query}`, undefined, language);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('refuses a file with any bad row, listing each, and writes nothing', async () => {
    const before = await countProducts(organizationId);
    const view = await importFile(
      owner,
      csvOf([
        publishableRow('taza', 'Taza', 'TAZA-1'),
        { ...publishableRow('vaso', 'Vaso', 'VASO-1'), price: '12.345' },
        { ...publishableRow('plato', 'Plato', 'PLATO-1'), tariff_code: '1234' },
      ]),
    );
    expect(view).toMatchObject({
      status: 'invalid',
      rows_total: 3,
      products_done: 0,
      errors: [
        { row: 3, column: 'Precio', message: 'Usa máximo 2 decimales.' },
        { row: 4, column: 'Fracción arancelaria', message: expect.stringContaining('8 dígitos') },
      ],
      errors_more: 0,
    });
    expect(await countProducts(organizationId)).toBe(before);
    const stored = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.organizationId, organizationId), eq(files.purpose, 'product.import')));
    expect(stored).toEqual([]);
    expect(await runJobs()).toMatchObject({ ran: 0 });
    expect(await status(owner, view.id)).toEqual(view);
  });

  it('answers the first 200 errors and counts the rest', async () => {
    const view = await importFile(
      owner,
      csvOf(
        Array.from({ length: 250 }, (_, index) => ({
          ...publishableRow(`p-${index}`, `P ${index}`, `ERR-${index}`),
          price: 'gratis',
        })),
      ),
    );
    expect(view).toMatchObject({ status: 'invalid', rows_total: 250, errors_more: 50 });
    expect(view.errors).toHaveLength(200);
    expect(view.errors[199]).toEqual({
      row: 201,
      column: 'Precio',
      message: 'Escribe el monto en pesos, por ejemplo 1500.50.',
    });
  });

  it('answers errors in English with English headers, and refuses what is not UTF-8', async () => {
    const view = await importFile(
      owner,
      csvOf([{ ...publishableRow('mug', 'Mug', 'MUG-1'), weight: 'heavy' }], 'en'),
      'en',
    );
    expect(view.errors).toEqual([{ row: 2, column: 'Variant Weight', message: 'Enter a number.' }]);

    const latin1 = Buffer.from('Identificador,Nombre\r\ncamisón,Camisón\r\n', 'latin1');
    const refused = await importFile(owner, latin1);
    expect(refused).toMatchObject({ status: 'invalid', errors: [{ row: 1, column: null }] });
    expect(refused.errors[0]!.message).toContain('UTF-8');
  });

  it('refuses a SKU the organization already has, whatever its case', async () => {
    const created = await importFile(owner, csvOf([publishableRow('gorra', 'Gorra', 'GOR-1')]));
    await runJobs();
    expect((await status(owner, created.id)).status).toBe('done');

    const view = await importFile(
      owner,
      csvOf([
        publishableRow('gorra-nueva', 'Gorra nueva', 'GOR-2'),
        publishableRow('gorra-vieja', 'Gorra vieja', 'gor-1'),
      ]),
    );
    expect(view.status).toBe('invalid');
    expect(view.errors).toEqual([
      {
        row: 3,
        column: 'SKU',
        message: errorMessage('PRODUCT_ALREADY_REGISTERED', 'es'),
      },
    ]);
  });

  it('creates the products through the job, with their options and variants', async () => {
    const view = await importFile(
      owner,
      csvOf([
        {
          ...publishableRow('sudadera', 'Sudadera', 'SUD-S-R'),
          option1_name: 'Talla',
          option1_value: 'S',
          option2_name: 'Color',
          option2_value: 'Rojo',
          tags: 'invierno, algodón',
        },
        variantRow('sudadera', 'SUD-M-R', {
          option1_value: 'M',
          option2_value: 'Rojo',
          price: '259.90',
        }),
        variantRow('sudadera', 'SUD-S-A', { option1_value: 'S', option2_value: 'Azul' }),
      ]),
    );
    expect(view).toMatchObject({ status: 'queued', rows_total: 3, products_total: 1, errors: [] });
    expect(await status(owner, view.id)).toMatchObject({ status: 'queued', products_done: 0 });

    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    const done = await status(owner, view.id);
    expect(done).toMatchObject({
      status: 'done',
      products_done: 1,
      finished_at: expect.any(String),
    });

    const list = await call(owner, 'GET', '/products?search=sudadera');
    const [item] = list.json().data as { id: string }[];
    const product = (await call(owner, 'GET', `/products/${item!.id}`)).json().data;
    expect(product).toMatchObject({
      name: 'Sudadera',
      status: 'ACTIVE',
      tags: ['invierno', 'algodón'],
      options: [
        { name: 'Talla', values: ['S', 'M'] },
        { name: 'Color', values: ['Rojo', 'Azul'] },
      ],
    });
    expect(
      product.variants.map((v: { option_values: string[]; sku: string; price: number }) => [
        v.option_values,
        v.sku,
        v.price,
      ]),
    ).toEqual([
      [['S', 'Rojo'], 'SUD-S-R', 24990],
      [['M', 'Rojo'], 'SUD-M-R', 25990],
      [['S', 'Azul'], 'SUD-S-A', 24990],
    ]);
  });

  it('counts the products of each chunk as it commits, and keeps them when a later chunk fails', async () => {
    const products = ctx.app.services.products;
    const seen: number[] = [];
    let calls = 0;
    const original = products.createMany.bind(products);
    const spy = vi.spyOn(products, 'createMany').mockImplementation(async (...args) => {
      const [row] = await ctx.db.select().from(productImports).where(eq(productImports.id, id));
      seen.push(row!.productsDone);
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return original(...args);
    });
    const view = await importFile(owner, productsCsv({ products: 1200, prefix: 'CHK' }));
    const id = view.id;
    expect(view).toMatchObject({ status: 'queued', products_total: 1200 });
    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    spy.mockRestore();

    expect(seen).toEqual([0, 500, 1000]);
    const failed = await status(owner, id);
    expect(failed).toMatchObject({ status: 'failed', products_done: 1000, errors_more: 0 });
    expect(failed.errors).toEqual([
      {
        row: 1,
        column: null,
        message: expect.stringContaining('primeros 1000 productos sí se crearon'),
      },
    ]);
    const list = await call(owner, 'GET', '/products?search=producto&pageSize=1');
    expect(list.json().meta.total).toBe(1000);
  });

  it('exports one row per variant, and imports into another organization the same products', async () => {
    const response = await exportCsv(owner, '?search=sudadera');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('productos.csv');
    const text = response.body;
    expect(text.startsWith('\uFEFFIdentificador,Nombre,Descripción (HTML)')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseCsv(text) as { fields: string[] }[];
    // Handle, name, description, vendor, tags, status, then the options' names and values.
    expect(records.slice(1).map(({ fields }) => fields.slice(0, 10))).toEqual([
      [
        'sudadera',
        'Sudadera',
        '',
        '',
        'invierno, algodón',
        'Publicado',
        'Talla',
        'S',
        'Color',
        'Rojo',
      ],
      ['sudadera', '', '', '', '', '', '', 'M', '', 'Rojo'],
      ['sudadera', '', '', '', '', '', '', 'S', '', 'Azul'],
    ]);

    const view = await importFile(other, Buffer.from(text, 'utf8'));
    expect(view).toMatchObject({ status: 'queued', errors: [] });
    await runJobs();
    expect((await status(other, view.id)).status).toBe('done');

    const read = async (user: TestUser) => {
      const [item] = (await call(user, 'GET', '/products?search=sudadera')).json().data;
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        variants,
        ...product
      } = (await call(user, 'GET', `/products/${item.id}`)).json().data;
      return {
        ...product,
        variants: variants.map(({ id: _v, ...variant }: { id: string }) => variant),
      };
    };
    expect(await read(other)).toEqual(await read(owner));
  });

  it('writes headers in the request’s language and quotes what a spreadsheet would run', async () => {
    const view = await importFile(
      owner,
      csvOf([
        {
          ...publishableRow('formula', '=HYPERLINK("http://mal.example")', 'FOR-1'),
          brand: '@marca',
          tags: '+promo',
        },
      ]),
    );
    await runJobs();
    expect((await status(owner, view.id)).status).toBe('done');

    const text = (await exportCsv(owner, '?search=hyperlink', 'en')).body;
    const [header, row] = text.slice(1).split('\r\n');
    expect(header!.startsWith('Handle,Title,Body (HTML),Vendor,Tags,Status')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""http://mal.example"")"`);
    expect(row).toContain(`,'+promo,Active,`);
    expect(row).toContain(`,'@marca,`);
  });

  it('streams a large export whole, a row per variant', async () => {
    const text = (await exportCsv(owner, '?search=producto')).body;
    expect(text.slice(1).split('\r\n').length - 2).toBe(1000);
  });

  it('keeps imports to their organization and to who holds warehousing.products', async () => {
    const view = await importFile(owner, csvOf([publishableRow('x', '', 'X-1')]));
    await expectEachNotFound(call, other, [['GET', `/product-imports/${view.id}`]]);
    const shipper = await createTestUser(ctx, {
      organizationId,
      permissions: ['shipments.create_shipment'],
    });
    await expectEachForbidden(call, shipper, [
      ['GET', `/product-imports/${view.id}`],
      ['GET', '/products/export'],
    ]);
    const refused = await upload(shipper, csvOf([publishableRow('y', 'Y', 'Y-1')]));
    expect(refused.statusCode).toBe(403);
  });

  it('imports 10,000 rows (upload and job) within 30 seconds', async () => {
    const content = productsCsv({ products: 5000, variants: 2, prefix: 'PERF' });
    const started = performance.now();
    const view = await importFile(owner, content);
    const checked = performance.now();
    expect(view).toMatchObject({ status: 'queued', rows_total: 10_000, products_total: 5000 });
    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    const finished = performance.now();
    expect(await status(owner, view.id)).toMatchObject({ status: 'done', products_done: 5000 });
    const seconds = (finished - started) / 1000;
    console.info(
      `10,000-row import: upload ${((checked - started) / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s`,
    );
    expect(seconds).toBeLessThanOrEqual(30);
  }, 60_000);
});
