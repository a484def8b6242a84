import type { VariantPick } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const CEDIS = {
  id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'CEDIS Tultitlán',
  code: 'CEDIS-MEX',
};
const pick = (overrides: Partial<VariantPick>): VariantPick => ({
  id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Playera básica',
  title: null,
  sku: 'PLY-01',
  barcode: '7501000000017',
  price: 19900,
  sat_product_code: '53101600',
  sat_unit_code: 'H87',
  unit: 'cm_kg',
  weight: 0.3,
  length: 30,
  width: 20,
  height: 2,
  thumbnail_url: null,
  ...overrides,
});
const SHIRT = pick({});
const MUG = pick({
  id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_id: '7a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Taza',
  sku: 'TAZ-01',
  barcode: null,
  weight: null,
});

async function choose(index: number, label: string) {
  const box = screen.getAllByRole('combobox', { name: 'Producto' })[index]!;
  fireEvent.click(box);
  // Every line's list lives in the portal: this line's is the one its box controls. jsdom has
  // no layout, so the list counts as hidden.
  await waitFor(() =>
    expect(document.getElementById(box.getAttribute('aria-controls')!)).not.toBeNull(),
  );
  const list = document.getElementById(box.getAttribute('aria-controls')!)!;
  fireEvent.click(await within(list).findByRole('option', { name: label, hidden: true }));
}

describe('products/create-entry', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  const open = async () => {
    // jsdom lacks it; the dropdown scrolls to the chosen option when it opens again.
    Element.prototype.scrollIntoView = vi.fn();
    const calls = stubApi({
      'GET /entries/warehouses': () => json(200, { data: [CEDIS] }),
      'GET /product-variants': () => json(200, { data: [SHIRT, MUG] }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/create-entry');
    await screen.findByRole('heading', { level: 1, name: 'Crear entrada' });
    return calls;
  };

  it('shows per line what a product lacks for the warehouse, with a link to complete it', async () => {
    await open();
    await choose(0, 'Taza · TAZ-01');
    expect(await screen.findByText('Faltan datos: peso, código de barras')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar datos del producto' })).toHaveAttribute(
      'href',
      `/app/products/edit/${MUG.product_id}`,
    );
  }, 15_000);

  it('refuses an entry without products', async () => {
    const calls = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar producto 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    expect(
      await screen.findByText('Se necesita al menos un producto en la entrada.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /entries')).toBe(false);
  }, 15_000);

  it('refuses the same product twice', async () => {
    const calls = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    await choose(0, 'Playera básica · PLY-01');
    await choose(1, 'Playera básica · PLY-01');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText('No se permiten elementos duplicados.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /entries')).toBe(false));
  }, 20_000);

  it('shows a quantity below one as an error on the field, as typed', async () => {
    const calls = await open();
    const quantity = screen.getByRole('textbox', { name: 'Cantidad esperada' });
    fireEvent.change(quantity, { target: { value: '-5' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('-5');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText('Solo se aceptan números positivos.')).toBeInTheDocument();
    expect(quantity).toHaveValue('-5');
    expect(calls.some((call) => call.key === 'POST /entries')).toBe(false);
  }, 15_000);

  it('sends the entry once a line is added after "at least one product"', async () => {
    const calls = await open();
    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Quitar producto 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    await screen.findByText('Se necesita al menos un producto en la entrada.');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    await waitFor(() =>
      expect(screen.queryByText('Se necesita al menos un producto en la entrada.')).toBeNull(),
    );
    await choose(0, 'Playera básica · PLY-01');
    const warehouse = screen.getByRole('combobox', { name: 'Almacén de destino' });
    fireEvent.click(warehouse);
    fireEvent.click(await screen.findByRole('option', { name: CEDIS.name, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /entries')).toBe(true));
  }, 20_000);

  it('focuses the first field in error when the entry is refused, far above the button', async () => {
    const calls = await open();
    await choose(0, 'Playera básica · PLY-01');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    const warehouse = screen.getByRole('combobox', { name: 'Almacén de destino' });
    await waitFor(() => expect(warehouse).toHaveFocus());
    expect(screen.getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /entries')).toBe(false);
  }, 15_000);
});
