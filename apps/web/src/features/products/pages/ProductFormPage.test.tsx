import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const EMPTY_PAGE = { data: [], meta: { page: 1, pageSize: 100, total: 0 } };

function stubForm(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /packages': () => json(200, { ...EMPTY_PAGE, default_unit: 'in_lb' }),
    'GET /vendors': () => json(200, EMPTY_PAGE),
    'GET /sat-units': () => json(200, { data: [], meta: { catalogue_loaded: false } }),
    'GET /sat-products': () => json(200, { data: [], meta: { catalogue_loaded: false } }),
    ...extra,
  });
}

/** The input a label names where the merchant types (a tags input also holds a hidden one). */
const typingBox = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT' && element.getAttribute('type') !== 'hidden')!;

/** Types a value in a tags input and confirms it with Enter (it takes typing only when focused). */
function addTag(input: HTMLElement, value: string) {
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const variantsTable = () => screen.getByRole('table', { name: 'Variantes del producto' });

// The whole form renders several times per test: on a busy machine it takes longer than 5 s.
const SLOW = 30_000;

describe('product form', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it(
    'starts a draft in the organization unit and says field by field what is wrong, in es and en',
    async () => {
      const calls = stubForm();
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/products/create');
      expect(screen.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText('Unidad de medida')).toHaveValue('in_lb'));
      expect(
        screen.getByText(/Hasta 10 imágenes JPEG, PNG o WebP de máximo 5 MB/),
      ).toBeInTheDocument();
      // A new product shows its one default variant and what publishing would need.
      expect(within(variantsTable()).getByText('Variante única')).toBeInTheDocument();
      expect(screen.getByText('Para publicar este producto falta:')).toBeInTheDocument();

      fireEvent.change(screen.getByLabelText('SKU de Variante única'), {
        target: { value: '-playera' },
      });
      fireEvent.change(screen.getByLabelText('Sitio web'), { target: { value: 'no es url' } });
      fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
      expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
      expect(screen.getByText(/El SKU empieza con una letra o número/)).toBeInTheDocument();
      expect(calls.some((call) => call.key === 'POST /products')).toBe(false);

      await setLanguage('en');
      fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
      expect(await screen.findByText('This field is required.')).toBeInTheDocument();
      expect(screen.getByText(/The SKU starts with a letter or digit/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'starts from the name, SKU and price in the URL (an order line not in the catalogue)',
    async () => {
      stubForm();
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/products/create?name=Gorra%20negra&sku=GOR-9&price=111.00');
      expect(await screen.findByLabelText(/^Nombre/)).toHaveValue('Gorra negra');
      expect(screen.getByLabelText('SKU de Variante única')).toHaveValue('GOR-9');
      expect(screen.getByLabelText('Precio de Variante única')).toHaveValue('111.00');
    },
    SLOW,
  );

  it(
    'generates four variants from two options of two values, and refuses a fourth option',
    async () => {
      stubForm();
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/products/create');
      const add = await screen.findByRole('button', { name: 'Agregar opción' });

      fireEvent.click(add);
      fireEvent.click(add);
      fireEvent.change(screen.getByLabelText('Opción 1'), { target: { value: 'Talla' } });
      fireEvent.change(screen.getByLabelText('Opción 2'), { target: { value: 'Color' } });
      addTag(typingBox('Valores de la opción 1'), 'S');
      addTag(typingBox('Valores de la opción 1'), 'M');
      addTag(typingBox('Valores de la opción 2'), 'Rojo');
      addTag(typingBox('Valores de la opción 2'), 'Azul');
      fireEvent.click(screen.getByRole('button', { name: 'Generar variantes' }));

      const rows = within(variantsTable()).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
        'S / Rojo',
        'S / Azul',
        'M / Rojo',
        'M / Azul',
      ]);
      expect(screen.getByLabelText('SKU de M / Azul')).toBeInTheDocument();

      fireEvent.click(add);
      expect(add).toBeDisabled();
      expect(screen.getByText('Ya tienes 3 opciones, el máximo por producto.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Opción 4')).toBeNull();
    },
    SLOW,
  );

  it(
    'puts a taken SKU under its variant with the server message',
    async () => {
      stubForm({
        'POST /products': () =>
          json(409, {
            error: {
              code: 'PRODUCT_ALREADY_REGISTERED',
              message: 'El producto no se puede agregar porque ya fue registrado.',
              fields: {
                'variants.0.sku': 'El producto no se puede agregar porque ya fue registrado.',
              },
              details: { sku: 'taza-01' },
            },
          }),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/products/create');
      fireEvent.change(await screen.findByLabelText(/^Nombre/), {
        target: { value: 'Taza de cerámica' },
      });
      fireEvent.change(screen.getByLabelText('SKU de Variante única'), {
        target: { value: 'TAZA-01' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
      const sku = screen.getByLabelText('SKU de Variante única');
      await waitFor(() => expect(sku).toHaveAttribute('aria-invalid', 'true'));
      expect(sku).toHaveAccessibleDescription(
        /El producto no se puede agregar porque ya fue registrado\./,
      );
    },
    SLOW,
  );

  it(
    'uploads images, moves one and sends their ids in the order shown',
    async () => {
      const ids = [
        '1a1b1c1d-0000-4000-8000-000000000001',
        '1a1b1c1d-0000-4000-8000-000000000002',
        '1a1b1c1d-0000-4000-8000-000000000003',
      ];
      let uploaded = 0;
      const calls = stubForm({
        'POST /product-images': () => {
          const id = ids[uploaded++]!;
          return json(201, {
            data: {
              id,
              width: 64,
              height: 48,
              url: `/api/v1/product-images/${id}`,
              thumbnail_url: `/api/v1/product-images/${id}?size=thumbnail`,
            },
          });
        },
        'POST /products': () =>
          json(422, { error: { code: 'VALIDATION_FAILED', message: 'Revisa los datos.' } }),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/products/create');
      await screen.findByRole('button', { name: 'Subir imágenes' });
      const picker = document.querySelector<HTMLInputElement>('input[type="file"][accept*="png"]')!;
      const file = (name: string) => new File(['x'], name, { type: 'image/png' });
      fireEvent.change(picker, {
        target: { files: [file('a.png'), file('b.png'), file('c.png')] },
      });
      await waitFor(() => expect(screen.getAllByTestId('product-image')).toHaveLength(3));
      expect(screen.getByText('Portada')).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Mover la imagen 3 antes' }));
      fireEvent.click(screen.getByRole('button', { name: 'Quitar la imagen 1' }));
      const order = screen
        .getAllByTestId('product-image')
        .map((card) => card.getAttribute('data-image-id'));
      expect(order).toEqual([ids[2], ids[1]]);

      fireEvent.change(screen.getByRole('textbox', { name: /^Nombre/ }), {
        target: { value: 'Taza' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
      await waitFor(() =>
        expect(calls.find((call) => call.key === 'POST /products')?.body).toMatchObject({
          name: 'Taza',
          image_ids: [ids[2], ids[1]],
        }),
      );
    },
    SLOW,
  );

  it(
    'shows under each field what publishing needs once "Publicado" is chosen, and asks before leaving',
    async () => {
      stubForm();
      saveSession(makeSession(), 'SESSION');
      const router = await renderApp('/app/products/create');
      const status = await screen.findByRole('combobox', { name: /^Estatus/ });
      fireEvent.change(screen.getByRole('textbox', { name: /^Nombre/ }), {
        target: { value: 'Taza' },
      });
      expect(screen.queryByText('Este dato es obligatorio para publicar el producto.')).toBeNull();

      fireEvent.change(status, { target: { value: 'ACTIVE' } });
      await waitFor(() =>
        // SAT product and unit keys, the four measures, the variant's SKU and price.
        expect(
          screen.getAllByText('Este dato es obligatorio para publicar el producto.'),
        ).toHaveLength(8),
      );
      expect(screen.getByLabelText('SKU de Variante única')).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      // Leaving with unsaved changes asks first; staying keeps the form.
      fireEvent.click(screen.getAllByRole('link', { name: 'Productos' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe('/app/products/create');
      fireEvent.click(screen.getAllByRole('link', { name: 'Productos' })[0]!);
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '¿Salir sin guardar?' })).getByRole(
          'button',
          { name: 'Salir sin guardar' },
        ),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/products'));
    },
    SLOW,
  );
});
