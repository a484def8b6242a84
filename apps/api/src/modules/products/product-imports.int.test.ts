import type { ProductImportView } from '@despacho/domain';
import { eq } from 'drizzle-orm';
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
  const apply = async (user: TestUser, id: string) => {
    const response = await call(user, 'POST', `/product-imports/${id}/apply`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ProductImportView;
  };
  /** Uploads, confirms and runs the import's job; answers the import once done. */
  const importAndApply = async (user: TestUser, content: Buffer) => {
    const view = await importFile(user, content);
    expect(view.status, JSON.stringify(view.errors)).toBe('checked');
    await apply(user, view.id);
    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    return status(user, view.id);
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

  it('checks a file whole, writes nothing until confirmed, then applies its valid rows alone', async () => {
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
      status: 'checked',
      rows_total: 3,
      products_done: 0,
      summary: { created: 1, updated: 0, unchanged: 0, refused: 2 },
      rows: [
        { row: 2, handle: 'taza', name: 'Taza', outcome: 'created' },
        { row: 3, outcome: 'refused' },
        { row: 4, outcome: 'refused' },
      ],
      errors: [
        { row: 3, column: 'Precio', message: 'Usa máximo 2 decimales.' },
        { row: 4, column: 'Fracción arancelaria', message: expect.stringContaining('8 dígitos') },
      ],
      errors_more: 0,
    });
    expect(await countProducts(organizationId)).toBe(before);
    expect(await runJobs()).toMatchObject({ ran: 0 });
    expect(await status(owner, view.id)).toEqual(view);

    // Confirmed twice (a double click): one job, and the second answer is the import as it is.
    expect(await apply(owner, view.id)).toMatchObject({ status: 'queued' });
    expect(await apply(owner, view.id)).toMatchObject({ status: 'queued' });
    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    const done = await status(owner, view.id);
    expect(done).toMatchObject({
      status: 'done',
      products_done: 3,
      summary: { created: 1, updated: 0, unchanged: 0, refused: 2 },
      errors: view.errors,
    });
    expect(await countProducts(organizationId)).toBe(before + 1);
    expect(await apply(owner, view.id)).toEqual(done);
  });

  it('refuses to apply a file that could not be read', async () => {
    const latin1 = Buffer.from('Identificador,Nombre\r\ncamisón,Camisón\r\n', 'latin1');
    const view = await importFile(owner, latin1);
    expect(view.status).toBe('invalid');
    const response = await call(owner, 'POST', `/product-imports/${view.id}/apply`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PRODUCT_IMPORT_NOT_APPLICABLE');
    expect(await runJobs()).toMatchObject({ ran: 0 });
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
    expect(view).toMatchObject({
      status: 'checked',
      rows_total: 250,
      errors_more: 50,
      summary: { refused: 250 },
    });
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

  it('updates the product holding a SKU, whatever its case, and refuses SKUs of two products', async () => {
    expect(
      await importAndApply(owner, csvOf([publishableRow('gorra', 'Gorra', 'GOR-1')])),
    ).toMatchObject({ status: 'done', summary: { created: 1 } });
    expect(
      await importAndApply(
        owner,
        csvOf([
          publishableRow('sombrero', 'Sombrero', 'SOM-1'),
          publishableRow('bufanda', 'Bufanda', 'BUF-1'),
        ]),
      ),
    ).toMatchObject({ summary: { created: 2 } });

    const view = await importFile(
      owner,
      csvOf([
        publishableRow('gorra-nueva', 'Gorra nueva', 'GOR-2'),
        publishableRow('gorra-vieja', 'Gorra vieja', 'gor-1'),
        {
          ...publishableRow('mezcla', 'Mezcla', 'SOM-1'),
          option1_name: 'Talla',
          option1_value: 'A',
        },
        variantRow('mezcla', 'BUF-1', { option1_value: 'B' }),
      ]),
    );
    expect(view.rows.map((row) => [row.handle, row.outcome])).toEqual([
      ['gorra-nueva', 'created'],
      ['gorra-vieja', 'updated'],
      ['mezcla', 'refused'],
    ]);
    expect(view.errors).toEqual([
      expect.objectContaining({ row: 4, message: expect.stringContaining('productos distintos') }),
    ]);
    await apply(owner, view.id);
    await runJobs();
    const [gorra] = (await call(owner, 'GET', '/products?search=GOR-1')).json().data;
    expect(gorra.name).toBe('Gorra vieja');
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
    expect(view).toMatchObject({
      status: 'checked',
      rows_total: 3,
      products_total: 1,
      errors: [],
      rows: [{ row: 2, handle: 'sudadera', name: 'Sudadera', outcome: 'created' }],
    });
    expect(await apply(owner, view.id)).toMatchObject({ status: 'queued', products_done: 0 });

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

  it('counts the products of each chunk as it commits, and a retry goes on after them', async () => {
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
    const before = await countProducts(organizationId);
    const view = await importFile(owner, productsCsv({ products: 1200, prefix: 'CHK' }));
    const id = view.id;
    expect(view).toMatchObject({ status: 'checked', products_total: 1200 });
    await apply(owner, id);
    expect(await runJobs()).toMatchObject({ ran: 0, failed: 1 });
    expect(await status(owner, id)).toMatchObject({ status: 'running', products_done: 1000 });
    ctx.clock.advance(60_000);
    expect(await runJobs()).toMatchObject({ ran: 1, failed: 0 });
    spy.mockRestore();

    expect(seen).toEqual([0, 500, 1000, 1000]);
    expect(await status(owner, id)).toMatchObject({
      status: 'done',
      products_done: 1200,
      summary: { created: 1200, refused: 0 },
      errors: [],
    });
    expect(await countProducts(organizationId)).toBe(before + 1200);
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

    expect(await importAndApply(other, Buffer.from(text, 'utf8'))).toMatchObject({
      status: 'done',
      errors: [],
      summary: { created: 1 },
    });

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

  it('imports its own export as unchanged, and an edited export as updates of the same products', async () => {
    const before = (await call(owner, 'GET', '/products?search=sudadera')).json().data[0];
    const stored = (await call(owner, 'GET', `/products/${before.id}`)).json().data;
    const text = (await exportCsv(owner, '?search=sudadera')).body;

    const again = await importFile(owner, Buffer.from(text, 'utf8'));
    expect(again).toMatchObject({
      status: 'checked',
      summary: { created: 0, updated: 0, unchanged: 1, refused: 0 },
      rows: [{ row: 2, handle: 'sudadera', outcome: 'unchanged' }],
      errors: [],
    });
    await apply(owner, again.id);
    await runJobs();
    expect(await status(owner, again.id)).toMatchObject({
      status: 'done',
      summary: { unchanged: 1 },
    });
    expect((await call(owner, 'GET', `/products/${before.id}`)).json().data).toEqual(stored);

    // The second variant's price, edited in the spreadsheet.
    const lines = text.split('\r\n');
    expect(lines[2]).toContain(',M,,Rojo,');
    lines[2] = lines[2]!.replace(',259.90,', ',269.90,');
    const edited = lines.join('\r\n');
    expect(edited).not.toBe(text);
    const view = await importAndApply(owner, Buffer.from(edited, 'utf8'));
    expect(view).toMatchObject({ summary: { updated: 1, created: 0, refused: 0 }, errors: [] });
    const after = (await call(owner, 'GET', `/products/${before.id}`)).json().data;
    expect(after.variants.map((v: { id: string; price: number }) => [v.id, v.price])).toEqual(
      stored.variants.map((v: { id: string; price: number }, index: number) => [
        v.id,
        index === 1 ? 26990 : v.price,
      ]),
    );
    expect((await call(owner, 'GET', '/products?search=sudadera')).json().meta.total).toBe(1);
  });

  it('writes headers in the request’s language and quotes what a spreadsheet would run', async () => {
    const view = await importAndApply(
      owner,
      csvOf([
        {
          ...publishableRow('formula', '=HYPERLINK("http://mal.example")', 'FOR-1'),
          brand: '@marca',
          tags: '+promo',
        },
      ]),
    );
    expect(view.status).toBe('done');

    const text = (await exportCsv(owner, '?search=hyperlink', 'en')).body;
    const [header, row] = text.slice(1).split('\r\n');
    expect(header!.startsWith('Handle,Title,Body (HTML),Vendor,Tags,Status')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""http://mal.example"")"`);
    expect(row).toContain(`,'+promo,Active,`);
    expect(row).toContain(`,'@marca,`);
  });

  it('streams a large export whole, a row per variant', async () => {
    const text = (await exportCsv(owner, '?search=producto')).body;
    expect(text.slice(1).split('\r\n').length - 2).toBe(1200);
  });

  it('keeps imports to their organization and to who holds warehousing.products', async () => {
    const view = await importFile(owner, csvOf([publishableRow('x', '', 'X-1')]));
    await expectEachNotFound(call, other, [
      ['GET', `/product-imports/${view.id}`],
      ['POST', `/product-imports/${view.id}/apply`],
    ]);
    const shipper = await createTestUser(ctx, {
      organizationId,
      permissions: ['shipments.create_shipment'],
    });
    await expectEachForbidden(call, shipper, [
      ['GET', `/product-imports/${view.id}`],
      ['POST', `/product-imports/${view.id}/apply`],
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
    expect(view).toMatchObject({ status: 'checked', rows_total: 10_000, products_total: 5000 });
    await apply(owner, view.id);
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
