import type { StaffEmbarque } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { EMBARQUE_ID, embarque } from '../test-data';

const BASE = `/staff/embarques/${EMBARQUE_ID}`;

async function open(
  overrides: Partial<StaffEmbarque> = {},
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const data = embarque(overrides);
  const calls = stubApi({
    [`GET ${BASE}`]: () => json(200, { data }),
    [`POST ${BASE}/step`]: (body) =>
      json(200, { data: { ...data, step: (body as { to: string }).to, next_steps: [] } }),
    ...extra,
  });
  saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
  await renderApp(BASE);
  await screen.findByRole('heading', { level: 1, name: 'EMB-000007' });
  return calls;
}

describe('/staff/embarques/:id', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('offers only the allowed moves, explains the blocked one and moves the step', async () => {
    const calls = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Mover paso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover el embarque' });
    const choice = (step: string) =>
      within(dialog).getByRole('radio', { name: `Pasar a «${step}»` });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
    expect(choice('Previo')).toBeEnabled();
    expect(choice('Cancelado')).toBeEnabled();
    expect(choice('Despachado')).toBeDisabled();
    expect(within(dialog).getByText(/El pago de impuestos no está cubierto/)).toBeInTheDocument();
    // Steps the table does not allow from customs are not offered at all.
    expect(within(dialog).queryByRole('radio', { name: 'Pasar a «Entregado»' })).toBeNull();

    fireEvent.click(choice('Previo'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mover paso' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${BASE}/step`)?.body).toEqual({
        to: 'previous',
        note: undefined,
      }),
    );
    expect(await screen.findByText('El embarque pasó a «Previo».')).toBeInTheDocument();
  });

  it('explains why it cannot close yet: the balance and the invoices', async () => {
    const calls = await open({
      step: 'delivered',
      semaforo: 'green',
      next_steps: [{ step: 'closed', blocked_by: ['balance_zero', 'invoices_issued'] }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar embarque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar embarque' });
    expect(within(dialog).getByRole('radio', { name: 'Pasar a «Cerrado»' })).toBeDisabled();
    expect(within(dialog).getByText(/El saldo del embarque no está en cero/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Falta emitir la factura/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mover paso' }));
    expect(await within(dialog).findByText('Selecciona una opción válida.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `POST ${BASE}/step`)).toBe(false);
  });

  it('checks the pedimento’s format before sending it', async () => {
    const calls = await open(
      { pedimento: null },
      {
        [`PUT ${BASE}/pedimento`]: () => json(200, { data: embarque() }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pedimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Número de pedimento' });
    const number = within(dialog).getByRole('textbox', { name: /Número \(15 dígitos\)/ });
    fireEvent.change(number, { target: { value: '26 47 3012 123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/El pedimento tiene 15 dígitos/)).toBeInTheDocument();
    expect(calls.some((call) => call.key === `PUT ${BASE}/pedimento`)).toBe(false);

    fireEvent.change(number, { target: { value: '26 47 3012 6001234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `PUT ${BASE}/pedimento`)?.body).toEqual({
        number: '264730126001234',
      }),
    );
  });

  it('picks a new line’s product from the merchant’s catalogue and fills its tariff code', async () => {
    const organizationId = embarque().organization.id;
    await open(
      {},
      {
        [`GET /staff/embarques/organizations/${organizationId}/products`]: () =>
          json(200, {
            data: [
              {
                id: '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e',
                name: 'Playera Básica de Algodón',
                sku: 'PLY-01',
                tariff_code: '6109100100',
              },
            ],
          }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar mercancía' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mercancía del embarque' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar línea' }));
    const pickers = within(dialog).getAllByRole('combobox', { name: /^Producto/ });
    // The saved line reads its product's name; the new one picks from the catalogue.
    expect(pickers[0]).toHaveValue('Taza de Talavera');
    fireEvent.click(pickers[1]!);
    fireEvent.click(
      await screen.findByRole('option', { name: 'Playera Básica de Algodón · PLY-01' }),
    );
    const codes = within(dialog).getAllByRole('textbox', { name: /^Fracción \+ NICO/ });
    expect(codes[1]).toHaveValue('6109100100');
  });
});
