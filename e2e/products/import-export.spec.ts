import { expect, test } from '@playwright/test';
import type { ProductListItem } from '@despacho/domain';
import { apiCall, signInAsNewMerchant } from '../support';

// Products CSV (the products list's "Importar" and "Exportar"): a file is checked and nothing is
// written until the merchant confirms; with one bad row the rest is applied and that row is
// reported; fixed, its product is created and the others left unchanged; the export holds the
// same rows, imported again it changes nothing, and edited it updates the same products.

const HEADER =
  'Identificador,Nombre,Estado,Opción1 Nombre,Opción1 Valor,SKU,Precio,Peso,Largo,Ancho,Alto,Clave producto SAT,Clave unidad SAT';
const rows = (price: string) => [
  'playera-lino,Playera de lino,Publicado,Talla,S,LIN-S,349.00,0.2,30,20,2,53103000,H87',
  `playera-lino,,,,M,LIN-M,${price},0.2,30,20,2,,`,
  'taza-barro,Taza de barro,Borrador,,,TAZ-1,120.50,0.4,12,10,10,,',
];
const file = (price: string) => ({
  name: 'productos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${[HEADER, ...rows(price)].join('\r\n')}\r\n`),
});

test('a merchant imports a CSV, applies its valid rows, fixes the refused one, and round-trips the export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { session } = await signInAsNewMerchant(page, request);
  const productCount = async () => {
    const response = await apiCall(request, 'GET', '/products', { token: session.access_token });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };

  await page.goto('/app/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  await page.getByRole('button', { name: 'Importar' }).click();
  const modal = page.getByRole('dialog', { name: 'Importar productos desde CSV' });
  await expect(modal.getByText('hasta 10 MB y 20,000 filas', { exact: false })).toBeVisible();
  const input = modal.getByLabel('Archivo CSV de productos');
  const summary = (name = 'Lo que hará la importación') =>
    modal.getByRole('list', { name }).getByRole('listitem');

  // One bad price: its product is reported and nothing is written until confirmed.
  await input.setInputFiles(file('12.345'));
  await expect(summary()).toHaveText([
    'Nuevos: 1',
    'Se actualizan: 0',
    'Sin cambios: 0',
    'Con errores: 1',
  ]);
  const refused = modal.getByRole('alert');
  await expect(refused).toContainText('1 error: el producto de esa fila no se importará.');
  await expect(refused.getByRole('row').nth(1)).toHaveText(
    /^3\s*Precio\s*Usa máximo 2 decimales\.$/,
  );
  expect(await productCount()).toBe(0);
  await modal.getByRole('button', { name: 'Importar el producto sin errores' }).click();
  await expect(modal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', {
    timeout: 20_000,
  });
  await expect(modal.getByRole('status')).toHaveText('Listo: 1 producto importado.');
  expect(await productCount()).toBe(1);

  // Fixed: the refused product is created, the one imported before is left as it is.
  await input.setInputFiles(file('359.00'));
  await expect(summary()).toHaveText([
    'Nuevos: 1',
    'Se actualizan: 0',
    'Sin cambios: 1',
    'Con errores: 0',
  ]);
  await modal.getByRole('button', { name: 'Importar 1 producto' }).click();
  await expect(modal.getByRole('status')).toHaveText('Listo: 1 producto importado.', {
    timeout: 20_000,
  });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // The list was read again once the import was done.
  await expect(page.getByRole('row').filter({ hasText: 'Playera de lino' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Taza de barro' })).toBeVisible();
  const listed = await apiCall(request, 'GET', '/products', { token: session.access_token });
  const names = ((await listed.json()) as { data: ProductListItem[] }).data.map((p) => p.name);
  expect(names.sort()).toEqual(['Playera de lino', 'Taza de barro']);

  // The export: the same products, one row per variant, the product's name on its first row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('productos.csv');
  const exported = await streamText(await saved.createReadStream());
  const text = exported.replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split('\r\n').filter(Boolean);
  const columns = header!.split(',');
  const pick = (line: string) => {
    const cells = line.split(',');
    const at = (name: string) => cells[columns.indexOf(name)];
    return [at('Identificador'), at('Nombre'), at('Opción1 Valor'), at('SKU'), at('Precio')];
  };
  expect(lines.map(pick).sort((a, b) => a[3]!.localeCompare(b[3]!))).toEqual([
    ['playera-lino', '', 'M', 'LIN-M', '359.00'],
    ['playera-lino', 'Playera de lino', 'S', 'LIN-S', '349.00'],
    ['taza-barro', 'Taza de barro', '', 'TAZ-1', '120.50'],
  ]);

  // The export imported again changes nothing; edited, it updates the same product.
  await page.getByRole('button', { name: 'Importar' }).click();
  const csv = (content: string) => ({
    name: 'productos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await input.setInputFiles(csv(exported));
  await expect(summary()).toHaveText([
    'Nuevos: 0',
    'Se actualizan: 0',
    'Sin cambios: 2',
    'Con errores: 0',
  ]);
  await expect(modal.getByRole('status')).toHaveText(
    'El archivo no cambia ningún producto: no hay nada que importar.',
  );
  await input.setInputFiles(csv(exported.replace(',120.50,', ',135.00,')));
  await expect(summary()).toHaveText([
    'Nuevos: 0',
    'Se actualizan: 1',
    'Sin cambios: 1',
    'Con errores: 0',
  ]);
  await modal.getByRole('button', { name: 'Importar 1 producto' }).click();
  await expect(summary('Resultado de la importación')).toHaveText(
    ['Creados: 0', 'Actualizados: 1', 'Sin cambios: 1', 'Con errores: 0'],
    { timeout: 20_000 },
  );
  expect(await productCount()).toBe(2);
  const taza = (await (
    await apiCall(request, 'GET', '/products?search=TAZ-1', {
      token: session.access_token,
    })
  ).json()) as { data: ProductListItem[] };
  expect(taza.data.map((p) => [p.name, p.price_min])).toEqual([['Taza de barro', 13500]]);
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
