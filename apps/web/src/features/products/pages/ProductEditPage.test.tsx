import type { ProductView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const variant = (id: string, values: string[], sku: string) => ({
  id,
  option_values: values,
  title: values.join(' / '),
  sku,
  barcode: null,
  price: 24990,
  cost: null,
  weight: null,
  length: null,
  width: null,
  height: null,
});
const PRODUCT: ProductView = {
  id: ID,
  handle: 'playera-basica',
  name: 'Playera básica',
  description: '<p>Algodón peinado.</p>',
  status: 'DRAFT',
  tariff_status: 'UNCLASSIFIED',
  vendor: null,
  tags: ['verano'],
  cost: 12000,
  compare_at_price: null,
  unit: 'cm_kg',
  weight: 0.2,
  length: 30,
  width: 25,
  height: 2,
  brand: 'Jade',
  model: null,
  size: null,
  use: null,
  materials: 'Algodón',
  sat_unit_code: 'H87',
  sat_product_code: null,
  origin_country: 'MEX',
  manufacture_country: null,
  website: null,
  datasheet: null,
  tariff_code: '61091001',
  options: [{ name: 'Talla', values: ['M', 'G'] }],
  variants: [
    variant('0a0b0c0d-0000-4000-8000-000000000001', ['M'], 'PLY-M'),
    variant('0a0b0c0d-0000-4000-8000-000000000002', ['G'], 'PLY-G'),
  ],
  images: [],
  collections: [],
  missing: [['sat_product_code']],
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
};
const EMPTY_PAGE = { data: [], meta: { page: 1, pageSize: 100, total: 0 } };
const NO_CATALOGUE = { data: [], meta: { catalogue_loaded: false } };
/** What the form looks up as it opens: vendors and the SAT catalogues, all empty. */
const LOOKUPS = {
  'GET /vendors': () => json(200, EMPTY_PAGE),
  'GET /sat-units': () => json(200, NO_CATALOGUE),
  'GET /sat-products': () => json(200, NO_CATALOGUE),
  'GET /tariff-fractions': () => json(200, NO_CATALOGUE),
};

// The whole form renders several times per test: on a busy machine it takes longer than 5 s,
// and an answer may take longer than the 1 s the queries wait by default.
const SLOW = 30_000;
const ANSWER = { timeout: 5000 };

describe('product edit page', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it(
    'shows a classified product’s fracción with its tariff status linked to its classification',
    async () => {
      stubApi({
        [`GET /products/${ID}`]: () =>
          json(200, {
            data: { ...PRODUCT, tariff_status: 'CLASSIFIED', tariff_code: '6109100100' },
          }),
        ...LOOKUPS,
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp(`/app/products/edit/${ID}`);
      const status = await screen.findByTestId('tariff-status', {}, ANSWER);
      expect(within(status).getByRole('link', { name: 'Clasificado' })).toHaveAttribute(
        'href',
        '/app/tariff-classification?search=Playera+b%C3%A1sica',
      );
      expect(screen.getByDisplayValue(/^6109\.?10\.?01\.?00$/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'fills the form from the product, saves it with the variants ids, and is told why it cannot be deleted',
    async () => {
      const calls = stubApi({
        [`GET /products/${ID}`]: () => json(200, { data: PRODUCT }),
        [`PUT /products/${ID}`]: (body) =>
          json(200, { data: { ...PRODUCT, ...(body as object), cost: 12500 } }),
        [`DELETE /products/${ID}`]: () =>
          json(409, {
            error: {
              code: 'RECORD_IN_USE',
              message:
                'No se puede eliminar porque otros registros lo usan (por ejemplo, envíos o productos).',
            },
          }),
        ...LOOKUPS,
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp(`/app/products/edit/${ID}`);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Playera básica' }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('SKU de G')).toHaveValue('PLY-G');
      expect(screen.getByLabelText('Precio de M')).toHaveValue('249.90');
      expect(screen.getByLabelText('Costo', { selector: 'input[name="cost"]' })).toHaveValue(
        '120.00',
      );
      const notice = screen.getByText('Para publicar este producto falta:').closest('[role]')!;
      expect(within(notice as HTMLElement).getByText('Clave de producto del SAT')).toBeVisible();

      fireEvent.change(screen.getByLabelText('Costo', { selector: 'input[name="cost"]' }), {
        target: { value: '125' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(
        () =>
          expect(calls.find((call) => call.key === `PUT /products/${ID}`)?.body).toMatchObject({
            cost: '125',
            tariff_code: '61091001',
            variants: [
              { id: PRODUCT.variants[0]!.id, option_values: ['M'], sku: 'PLY-M', price: '249.90' },
              { id: PRODUCT.variants[1]!.id, option_values: ['G'], sku: 'PLY-G' },
            ],
          }),
        ANSWER,
      );
      expect(
        await screen.findByText('Guardamos los cambios de «Playera básica».', {}, ANSWER),
      ).toBeVisible();

      fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar producto' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar producto' }));
      expect(
        await screen.findByText(
          'No se puede eliminar porque otros registros lo usan (por ejemplo, envíos o productos).',
          {},
          ANSWER,
        ),
      ).toBeVisible();
    },
    SLOW,
  );
});
