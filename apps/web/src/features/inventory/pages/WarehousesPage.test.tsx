import type { WarehouseView } from '@despacho/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const CEDIS: WarehouseView = {
  id: '5d7c1a2b-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'CEDIS Tultitlán',
  code: 'CEDIS-MEX',
  address: {
    street: 'Av. Recursos Hidráulicos',
    external_number: '8',
    internal_number: 'Nave 3',
    reference: null,
    neighborhood: 'La Loma',
    city: 'Tultitlán',
    municipality: 'Tultitlán',
    state: 'Estado de México',
    zip: '54060',
    country: 'MX',
  },
  contact_phone: '5558994310',
  contact_email: null,
  active: true,
  created_at: '2026-03-02T16:00:00.000Z',
};

const field = (container: HTMLElement, label: RegExp) =>
  within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('staff console: warehouses', () => {
  it('lists the warehouses, shows a refused deactivation and validates a new one', async () => {
    const calls = stubApi({
      'GET /staff/warehouses': () => json(200, { data: [CEDIS] }),
      [`PATCH /staff/warehouses/${CEDIS.id}/status`]: () =>
        json(409, {
          error: {
            code: 'STOCK_LOCATION_HOLDS_STOCK',
            message: 'Esta ubicación todavía guarda existencias.',
          },
        }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/warehouses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Almacenes' })).toBeInTheDocument();
    const row = (await screen.findByText('CEDIS Tultitlán')).closest('tr')!;
    expect(within(row).getByText('CEDIS-MEX')).toBeInTheDocument();
    expect(within(row).getByText(/Av. Recursos Hidráulicos 8, Nave 3/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Activo: CEDIS Tultitlán' }));
    expect(
      await screen.findByText('Esta ubicación todavía guarda existencias.'),
    ).toBeInTheDocument();
    expect(
      calls.find((call) => call.key === `PATCH /staff/warehouses/${CEDIS.id}/status`)?.body,
    ).toEqual({ active: false });

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo almacén' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(field(drawer, /^Código(?! postal)/), { target: { value: 'con espacio' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Crear almacén' }));
    expect(
      await within(drawer).findByText(
        'Usa solo letras, números, guiones y guiones bajos (máximo 20).',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /staff/warehouses')).toBe(false);
  }, 15_000);

  it('edits the contact phone: refuses one without 10 digits, sends a valid one', async () => {
    const calls = stubApi({
      'GET /staff/warehouses': () => json(200, { data: [CEDIS] }),
      [`PUT /staff/warehouses/${CEDIS.id}`]: () =>
        json(200, { data: { ...CEDIS, contact_phone: '8183862250' } }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/warehouses');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar CEDIS Tultitlán' }));
    const drawer = await screen.findByRole('dialog');
    const phone = field(drawer, /Teléfono de contacto/);
    expect(phone.value).toBe('5558994310');
    fireEvent.change(phone, { target: { value: '81 8386' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(drawer).findByText('El teléfono debe tener exactamente 10 dígitos.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === `PUT /staff/warehouses/${CEDIS.id}`)).toBe(false);

    fireEvent.change(phone, { target: { value: '8183862250' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Almacén CEDIS Tultitlán actualizado.');
    expect(
      calls.find((call) => call.key === `PUT /staff/warehouses/${CEDIS.id}`)?.body,
    ).toMatchObject({ contact_phone: '8183862250' });
  }, 15_000);
});
