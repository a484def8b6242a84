import type { LocationView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const location = (overrides: Partial<LocationView>): LocationView => ({
  id: '3f0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  alias: 'Bodega Centro',
  company: null,
  contact_name: 'Ana López',
  contact_email: 'ana@prueba.mx',
  contact_phone: '5512345678',
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  internal_number: null,
  reference: null,
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
  country: 'MX',
  is_default: false,
  created_at: '2026-03-02T16:00:00.000Z',
  updated_at: '2026-03-02T16:00:00.000Z',
  ...overrides,
});
const CENTRO = location({ is_default: true });
const NORTE = location({ id: '4f0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', alias: 'Bodega Norte' });
const page = (data: LocationView[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });

describe('settings/locations', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the locations with the default badge, searches, sets another default and deletes', async () => {
    const calls = stubApi({
      'GET /locations': (_body, url) =>
        url.searchParams.get('search') === 'norte' ? page([NORTE]) : page([CENTRO, NORTE]),
      [`POST /locations/${NORTE.id}/default`]: () =>
        json(200, { data: { ...NORTE, is_default: true } }),
      [`DELETE /locations/${NORTE.id}`]: () => new Response(null, { status: 204 }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/locations');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Libreta de direcciones' }),
    ).toBeInTheDocument();
    const centro = (await screen.findByText('Bodega Centro')).closest('tr')!;
    expect(within(centro as HTMLElement).getByText('Predeterminada')).toBeInTheDocument();

    fireEvent.click(
      screen.getByRole('button', { name: 'Marcar Bodega Norte como predeterminada' }),
    );
    expect(
      await screen.findByText('Bodega Norte es ahora tu dirección predeterminada.'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Bodega Norte' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `DELETE /locations/${NORTE.id}`)).toBe(true),
    );

    fireEvent.change(screen.getByLabelText('Buscar dirección'), { target: { value: 'norte' } });
    await waitFor(() => expect(screen.queryByText('Bodega Centro')).toBeNull());
  });

  it('validates the drawer with the §5 messages before calling the API', async () => {
    const calls = stubApi({ 'GET /locations': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/locations');
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar dirección' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText(/Teléfono de contacto/), {
      target: { value: '55123' },
    });
    fireEvent.change(within(drawer).getByLabelText(/^Referencia/), {
      target: { value: 'r'.repeat(16) },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar dirección' }));
    expect(
      await within(drawer).findByText('El teléfono debe tener exactamente 10 dígitos.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Escribe máximo 15 caracteres.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /locations')).toBe(false);
  });
  it('marks a location as keeping inventory and shows the refusal while it holds stock', async () => {
    const keeping = {
      id: '5f0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      kind: 'own',
      name: 'Bodega Centro',
      code: null,
      location_id: CENTRO.id,
      active: true,
    };
    const calls = stubApi({
      'GET /locations': () => page([CENTRO, NORTE]),
      'GET /inventory/locations': () => json(200, { data: [keeping] }),
      [`PUT /inventory/locations/${NORTE.id}`]: () =>
        json(200, { data: { ...keeping, location_id: NORTE.id, name: 'Bodega Norte' } }),
      [`PUT /inventory/locations/${CENTRO.id}`]: () =>
        json(409, {
          error: {
            code: 'STOCK_LOCATION_HOLDS_STOCK',
            message: 'Esta ubicación todavía guarda existencias.',
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/locations');
    await screen.findByText('Bodega Norte');
    const toggleOf = (alias: string) =>
      screen.getByRole('switch', { name: `Guarda inventario en ${alias}` }) as HTMLInputElement;
    await waitFor(() => expect(toggleOf('Bodega Centro').checked).toBe(true));
    expect(toggleOf('Bodega Norte').checked).toBe(false);

    fireEvent.click(toggleOf('Bodega Norte'));
    expect(await screen.findByText('Bodega Norte ahora guarda inventario.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PUT /inventory/locations/${NORTE.id}`)?.body).toEqual(
      { keeps_stock: true },
    );
    fireEvent.click(toggleOf('Bodega Centro'));
    expect(
      await screen.findByText('Esta ubicación todavía guarda existencias.'),
    ).toBeInTheDocument();
  }, 15_000);
});
