import { productCsvHeader, type ProductView } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../platform/csv';
import { ProductCsvReader, type ReadContext } from './products.csv.read';
import { ProductCsvWriter, productCsvHeaderLine } from './products.csv.write';

const VENDOR_ID = '0b7c1f43-6a2e-4d59-9c1b-3f2a8e5d7c10';
const context = (language: 'es' | 'en' = 'es'): ReadContext => ({
  language,
  defaultUnit: 'cm_kg',
  vendors: new Map([
    ['textiles del centro', VENDOR_ID],
    ['tex-01', VENDOR_ID],
  ]),
});

/** A file from a header and rows given as column → value. */
function csv(header: string[], rows: Record<string, string>[], bom = '') {
  const line = (cells: string[]) => cells.map((cell) => csvField(cell)).join(',');
  const lines = [line(header), ...rows.map((row) => line(header.map((h) => row[h] ?? '')))];
  return Buffer.from(bom + lines.join('\r\n') + '\r\n');
}

const ES = productCsvHeader('es');
const EN = productCsvHeader('en');

const read = (content: Buffer, language: 'es' | 'en' = 'es') =>
  ProductCsvReader.read(content, context(language));

describe('products CSV reader', () => {
  it('reads Spanish headers with a BOM: options and variants from the rows', () => {
    const file = read(
      csv(
        ES,
        [
          {
            Identificador: 'playera',
            Nombre: 'Playera básica',
            Proveedor: 'TEX-01',
            Etiquetas: 'algodón, verano',
            Estado: 'Borrador',
            'Opción1 Nombre': 'Talla',
            'Opción1 Valor': 'S',
            'Opción2 Nombre': 'Color',
            'Opción2 Valor': 'Rojo',
            SKU: 'PLA-S-R',
            Precio: '249.90',
            Peso: '0.25',
          },
          {
            Identificador: 'playera',
            'Opción1 Valor': 'M',
            'Opción2 Valor': 'Rojo',
            SKU: 'PLA-M-R',
          },
          {
            Identificador: 'playera',
            'Opción1 Valor': 'S',
            'Opción2 Valor': 'Azul',
            SKU: 'PLA-S-A',
          },
        ],
        '\uFEFF',
      ),
    );
    expect(file.errors).toEqual([]);
    expect(file.rowsTotal).toBe(3);
    expect(file.products).toHaveLength(1);
    const product = file.products[0]!.data!;
    expect(product).toMatchObject({
      name: 'Playera básica',
      vendor_id: VENDOR_ID,
      tags: ['algodón', 'verano'],
      status: 'DRAFT',
      unit: 'cm_kg',
      options: [
        { name: 'Talla', values: ['S', 'M'] },
        { name: 'Color', values: ['Rojo', 'Azul'] },
      ],
    });
    expect(product.variants.map((v) => [v.option_values, v.sku, v.price, v.weight])).toEqual([
      [['S', 'Rojo'], 'PLA-S-R', 24990, 0.25],
      [['M', 'Rojo'], 'PLA-M-R', undefined, undefined],
      [['S', 'Azul'], 'PLA-S-A', undefined, undefined],
    ]);
  });

  it('reads English headers whatever their case and accents, and Spanish ones without accents', () => {
    const header = EN.map((name) => name.toUpperCase());
    const english = read(
      csv(header, [{ HANDLE: 'mug', TITLE: 'Mug', 'VARIANT PRICE': '99', STATUS: 'draft' }]),
      'en',
    );
    expect(english.errors).toEqual([]);
    expect(english.products[0]!.data).toMatchObject({ name: 'Mug', status: 'DRAFT' });
    expect(english.products[0]!.data!.variants[0]!.price).toBe(9900);

    const plain = read(
      csv(
        ['identificador', 'NOMBRE', 'descripcion (html)'],
        [{ identificador: 'taza', NOMBRE: 'Taza', 'descripcion (html)': '<p>Blanca</p>' }],
      ),
    );
    expect(plain.errors).toEqual([]);
    expect(plain.products[0]!.data!.description).toBe('<p>Blanca</p>');
  });

  it('refuses a file that is not UTF-8', () => {
    const latin1 = Buffer.concat([
      Buffer.from('Identificador,Nombre\r\ncamisa,Cami'),
      Buffer.from([0xf3]), // "ó" in Windows-1252
      Buffer.from('n\r\n'),
    ]);
    const file = read(latin1);
    expect(file.products).toEqual([]);
    expect(file.errors).toEqual([
      { row: 1, column: null, message: expect.stringContaining('UTF-8') },
    ]);
  });

  it('names unknown columns on row 1, and the missing handle or name columns', () => {
    const file = read(csv(['Identificador', 'Precio', 'Color favorito', 'Peso neto'], []));
    expect(file.errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'Columnas desconocidas: Color favorito, Peso neto. Usa los encabezados de la plantilla.',
      },
      { row: 1, column: null, message: 'Faltan columnas en el encabezado: Nombre.' },
      { row: 1, column: null, message: 'El archivo no tiene productos.' },
    ]);
  });

  it('refuses a file of more than 20,000 rows', () => {
    const rows = Array.from({ length: 20_001 }, (_, index) => ({
      Identificador: `p-${index}`,
      Nombre: `P ${index}`,
    }));
    const file = read(csv(ES, rows));
    expect(file.products).toEqual([]);
    expect(file.errors).toEqual([
      {
        row: 20_002,
        column: null,
        message: 'El archivo tiene más de 20,000 filas; divídelo en partes.',
      },
    ]);
  });

  it('refuses a 4th option on the row and column that add it', () => {
    const header = [...ES, 'Opción4 Nombre', 'Opción4 Valor'];
    const base = { Identificador: 'lampara', 'Opción1 Valor': 'A', 'Opción2 Valor': 'B' };
    const file = read(
      csv(header, [
        { Identificador: 'vela', Nombre: 'Vela' },
        {
          ...base,
          Nombre: 'Lámpara',
          'Opción1 Nombre': 'Tamaño',
          'Opción2 Nombre': 'Color',
          'Opción3 Nombre': 'Base',
          'Opción3 Valor': 'C',
          'Opción4 Nombre': 'Foco',
          'Opción4 Valor': 'D',
        },
      ]),
    );
    expect(file.errors).toContainEqual({
      row: 3,
      column: 'Opción4 Nombre',
      message: 'Un producto tiene máximo 3 opciones (propiedades de variante).',
    });
    expect(file.products[0]!.data).toBeDefined();
    expect(file.products[1]!.data).toBeUndefined();
  });

  it('reports each bad cell at its row and column, in the request’s language', () => {
    const file = read(
      csv(EN, [
        { Handle: 'a', Title: 'A', 'Variant Price': '12.345', 'Tariff fraction': '1234' },
        { Handle: 'b', Title: 'B', 'Variant Weight': 'heavy' },
        { Handle: 'c', Title: 'C', 'Variant SKU': 'SKU-1' },
        { Handle: 'c', 'Variant SKU': 'sku-1' },
        { Handle: 'd', Title: 'D', Vendor: 'Nadie', Status: 'live' },
      ]),
      'en',
    );
    expect(file.errors).toEqual([
      { row: 2, column: 'Variant Price', message: 'Use at most 2 decimals.' },
      {
        row: 2,
        column: 'Tariff fraction',
        message:
          'The tariff fraction has 8 digits, or 10 with the NICO, for example 0101.21.01.00.',
      },
      { row: 3, column: 'Variant Weight', message: 'Enter a number.' },
      // Two rows without options are the same (default) variant; and the SKU repeats.
      {
        row: 5,
        column: 'Option1 Value',
        message: 'This combination of options is already another variant.',
      },
      { row: 5, column: 'Variant SKU', message: 'This SKU is already on another variant.' },
      { row: 6, column: 'Vendor', message: 'There is no vendor named or coded "Nadie".' },
      { row: 6, column: 'Status', message: 'Choose a valid option.' },
    ]);
  });

  it('refuses a SKU two products of the file share, whatever its case', () => {
    const file = read(
      csv(ES, [
        { Identificador: 'a', Nombre: 'A', SKU: 'ABC-1' },
        { Identificador: 'b', Nombre: 'B', SKU: 'abc-1' },
      ]),
    );
    expect(file.errors).toEqual([
      { row: 3, column: 'SKU', message: 'Este SKU ya está en la fila 2 del archivo.' },
    ]);
  });

  it('wants the rows of one handle together', () => {
    const file = read(
      csv(ES, [
        { Identificador: 'a', Nombre: 'A' },
        { Identificador: 'b', Nombre: 'B' },
        { Identificador: 'A', Nombre: 'A otra vez' },
      ]),
    );
    expect(file.errors).toEqual([
      {
        row: 4,
        column: 'Identificador',
        message: 'Las filas del identificador «A» deben ir juntas; ya apareció en la fila 2.',
      },
    ]);
  });

  it('reads back what the writer writes, formula-looking text included', () => {
    const product: ProductView = {
      id: 'p1',
      handle: 'hyperlink-x',
      name: '=HYPERLINK("x")',
      description: '<p>Línea 1,\nlínea 2 "con comillas"</p>',
      status: 'ACTIVE',
      tariff_status: 'UNCLASSIFIED',
      vendor: { id: VENDOR_ID, name: 'Textiles del Centro' },
      tags: ['+promo', 'verano'],
      cost: 10000,
      compare_at_price: 29990,
      unit: 'cm_kg',
      weight: 0.3,
      length: 30,
      width: 20,
      height: 2,
      brand: '@marca',
      model: null,
      size: null,
      use: null,
      materials: 'Algodón',
      sat_unit_code: 'H87',
      sat_product_code: '24112700',
      origin_country: 'MEX',
      manufacture_country: null,
      website: 'https://example.mx/playera',
      datasheet: null,
      tariff_code: '6109100100',
      options: [{ name: 'Talla', values: ['S', 'M'] }],
      variants: [
        {
          id: 'v1',
          option_values: ['S'],
          title: 'S',
          sku: 'PLA-S',
          barcode: '7501',
          price: 24990,
          cost: null,
          weight: null,
          length: null,
          width: null,
          height: null,
        },
        {
          id: 'v2',
          option_values: ['M'],
          title: 'M',
          sku: 'PLA-M',
          barcode: '-7501',
          price: 25990,
          cost: 12000,
          weight: 0.35,
          length: null,
          width: null,
          height: null,
        },
      ],
      images: [],
      collections: [],
      missing: [],
      created_at: '2026-03-02T16:00:00.000Z',
      updated_at: '2026-03-02T16:00:00.000Z',
    };
    const text = productCsvHeaderLine('es') + new ProductCsvWriter('es').lines(product);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(ES.join(','));
    expect(lines[1]).toMatch(/^hyperlink-x,"'=HYPERLINK\(""x""\)",/);
    expect(text).toContain(`"'+promo, verano"`);
    expect(text).toContain(`,'@marca,`);
    expect(text).toContain(`,'-7501,`);
    expect(lines[2]).toMatch(/^hyperlink-x,(,){5}/);

    const back = read(Buffer.from('\uFEFF' + text));
    expect(back.errors).toEqual([]);
    expect(back.products[0]!.data).toMatchObject({
      handle: 'hyperlink-x',
      name: '=HYPERLINK("x")',
      description: product.description,
      status: 'ACTIVE',
      vendor_id: VENDOR_ID,
      tags: ['+promo', 'verano'],
      compare_at_price: 29990,
      brand: '@marca',
      tariff_code: { fraction: '61091001', nico: '00', complete: true },
      options: product.options,
      variants: [
        {
          option_values: ['S'],
          sku: 'PLA-S',
          barcode: '7501',
          price: 24990,
          cost: 10000,
          weight: 0.3,
        },
        {
          option_values: ['M'],
          sku: 'PLA-M',
          barcode: '-7501',
          price: 25990,
          cost: 12000,
          weight: 0.35,
        },
      ],
    });
  });
});
