import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { LOCATION, makeQuote, MERIDA_ZIP } from '../create-test-data';

const BOX = {
  id: '9e5b6a7f-8c9d-4eaf-8b1c-3d4e5f6a7b8c',
  name: 'Caja mediana',
  unit: 'cm_kg',
  length: 40,
  width: 30,
  height: 25,
  weight: 1.5,
  volumetric_weight: 6,
  sat_code: '24121503',
  is_default: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function stubQuickQuote(quote = makeQuote()) {
  return stubApi({
    'GET /locations': () =>
      json(200, { data: [LOCATION], meta: { page: 1, pageSize: 100, total: 1 } }),
    'GET /packages': () =>
      json(200, { data: [BOX], meta: { page: 1, pageSize: 100, total: 1 }, default_unit: 'cm_kg' }),
    'GET /postal-codes/97000': () => json(200, { data: MERIDA_ZIP }),
    'GET /postal-codes/06700': () =>
      json(200, {
        data: {
          ...MERIDA_ZIP,
          zip: '06700',
          state: 'Ciudad de México',
          municipality: 'Cuauhtémoc',
        },
      }),
    'POST /quotes': () => json(201, { data: quote }),
  });
}

function field(label: string): HTMLInputElement {
  const input = screen
    .getAllByLabelText(label, { exact: false })
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input as HTMLInputElement;
}
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('quick quote (create-shippings)', () => {
  beforeAll(() => {
    // jsdom does not scroll: the select scrolls its chosen option into view.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('quotes a saved package between two zips and hands the rate over to create shipment', async () => {
    const calls = stubQuickQuote();
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/create-shippings');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cotización rápida' }),
    ).toBeInTheDocument();

    // The origin starts at the default location's zip; the places show once looked up.
    await waitFor(() => expect(field('Código postal de origen').value).toBe('06700'));
    expect((await screen.findByTestId('origin_zip-place')).textContent).toBe(
      'Cuauhtémoc, Ciudad de México',
    );
    type('Código postal de destino', '97000');
    expect((await screen.findByTestId('destination_zip-place')).textContent).toBe(
      'Mérida, Yucatán',
    );

    fireEvent.click(field('Empaque guardado'));
    fireEvent.click(
      await screen.findByRole('option', {
        name: 'Caja mediana · 40 × 30 × 25 cm, 1.5 kg',
        hidden: true,
      }),
    );
    await waitFor(() => expect(field('Largo (cm)').value).toBe('40'));
    expect(field('Peso (kg)').value).toBe('1.5');

    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    const results = await screen.findByRole('region', { name: 'Tarifas' });
    expect(within(results).getByText('06700 → 97000')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /quotes')?.body).toEqual({
      origin_zip: '06700',
      destination_zip: '97000',
      parcels: [
        { package_id: BOX.id, unit: 'cm_kg', length: 40, width: 30, height: 25, weight: 1.5 },
      ],
    });

    fireEvent.click(
      within(results).getByRole('button', {
        name: 'Crear envío con esta tarifa: Estafeta Terrestre',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/shipment'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      origin_zip: '06700',
      destination_zip: '97000',
      rate: 'estafeta:terrestre',
      package_id: BOX.id,
      unit: 'cm_kg',
      length: '40',
      width: '30',
      height: '25',
      weight: '1.5',
    });
  }, 30_000);

  it('validates the zips and measures with the quote schema before asking', async () => {
    const calls = stubQuickQuote();
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/create-shippings');
    await waitFor(() => expect(field('Código postal de origen').value).toBe('06700'));
    type('Código postal de destino', '970');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByText('El código postal tiene 5 dígitos.')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(calls.some((call) => call.key === 'POST /quotes')).toBe(false);
  }, 30_000);

  it('explains an empty answer', async () => {
    stubQuickQuote(makeQuote({ rates: [], unavailable: [] }));
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/create-shippings');
    await waitFor(() => expect(field('Código postal de origen').value).toBe('06700'));
    type('Código postal de destino', '97000');
    type('Largo (cm)', '30');
    type('Ancho (cm)', '20');
    type('Alto (cm)', '15');
    type('Peso (kg)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByText('No encontramos tarifas para este envío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revisar mis paqueterías' }).getAttribute('href')).toBe(
      '/app/settings/carriers',
    );
  }, 30_000);
});
