import { expect, test } from '@playwright/test';
import type { ProductListItem } from '@despacho/domain';
import { apiCall, signInAsNewMerchant } from '../support';

// Products CSV (the products list's "Importar" and "Exportar"): a file with one bad row is
// refused whole and nothing is written; fixed, it is imported by the job while the bar reaches
// 100 %; the export then holds the same rows.

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

test('a merchant imports a CSV, fixes the row it refused, follows the progress and exports the same rows', async ({
  page,
  request,
}) => {
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

  // One bad price: the row is listed and nothing is written.
  await modal.getByLabel('Archivo CSV de productos').setInputFiles(file('12.345'));
  const refused = modal.getByRole('alert');
  await expect(refused).toContainText('El archivo tiene 1 error; no se importó nada.');
  await expect(refused.getByRole('row').nth(1)).toHaveText(
    /^3\s*Precio\s*Usa máximo 2 decimales\.$/,
  );
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  expect(await productCount()).toBe(0);

  // Fixed: the job creates both products while the bar fills.
  await modal.getByLabel('Archivo CSV de productos').setInputFiles(file('359.00'));
  await expect(modal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', {
    timeout: 20_000,
  });
  await expect(modal.getByText('2 de 2 productos creados')).toBeVisible();
  await expect(modal.getByRole('status')).toHaveText('Se importaron 2 productos.');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // The list was read again once the import was done.
  await expect(page.getByRole('row').filter({ hasText: 'Playera de lino' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Taza de barro' })).toBeVisible();
  const listed = await apiCall(request, 'GET', '/products', { token: session.access_token });
  const names = ((await listed.json()) as { data: ProductListItem[] }).data.map((p) => p.name);
  expect(names.sort()).toEqual(['Playera de lino', 'Taza de barro']);

  // The export: the same products, one row per variant, the product's name on its first row
  // (handles are made from names).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('productos.csv');
  const text = (await streamText(await saved.createReadStream())).replace(/^\uFEFF/, '');
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
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
