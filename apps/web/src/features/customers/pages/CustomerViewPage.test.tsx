import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { CUSTOMER_ID, customer, listPage, OFFICE } from '../test-data';

describe('client/:id (view)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the customer, toggles the favorite, makes another address the default and deletes', async () => {
    let stored = customer();
    const calls = stubApi({
      [`GET /customers/${CUSTOMER_ID}`]: () => json(200, { data: stored }),
      [`PATCH /customers/${CUSTOMER_ID}/favorite`]: (body) => {
        stored = { ...stored, ...(body as { is_favorite: boolean }) };
        return json(200, { data: stored });
      },
      [`POST /customers/${CUSTOMER_ID}/addresses/${OFFICE.id}/default`]: () => {
        stored = {
          ...stored,
          addresses: stored.addresses.map((item) => ({
            ...item,
            is_default: item.id === OFFICE.id,
          })),
        };
        return json(200, { data: stored });
      },
      [`DELETE /customers/${CUSTOMER_ID}`]: () => new Response(null, { status: 204 }),
      'GET /customers': () => listPage([]),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp(`/app/client/${CUSTOMER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lucía Hernández' }),
    ).toBeInTheDocument();
    expect(screen.getByText('HEML850101AB8')).toBeInTheDocument();
    expect(screen.getByText('RFC persona física')).toBeInTheDocument();
    expect(screen.getByText('55 9876 5432')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 direcciones' })).toBeInTheDocument();
    const casa = screen.getByRole('article', { name: 'Casa' });
    expect(within(casa).getByText('Predeterminada')).toBeInTheDocument();
    expect(within(casa).getByText('Colima 120, Roma Norte')).toBeInTheDocument();
    expect(within(casa).getByText('C.P. 06700')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Marcar a Lucía Hernández como favorito' }));
    expect(await screen.findByText('Favorito')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `PATCH /customers/${CUSTOMER_ID}/favorite`)?.body,
      ).toEqual({ is_favorite: true }),
    );

    fireEvent.click(
      within(screen.getByRole('article', { name: 'Oficina' })).getByRole('button', {
        name: 'Hacer predeterminada Oficina',
      }),
    );
    expect(
      await screen.findByText('«Oficina» es ahora la dirección predeterminada.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Oficina' })).getByText('Predeterminada'),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('article', { name: 'Casa' })).getByRole('button', {
        name: 'Hacer predeterminada Casa',
      }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/¿Eliminar a Lucía Hernández y todas sus direcciones\?/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cliente' }));
    expect(await screen.findByText('Eliminamos a Lucía Hernández.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/clients'));
    expect(calls.some((call) => call.key === `DELETE /customers/${CUSTOMER_ID}`)).toBe(true);
  }, 40_000);

  it('says the customer does not exist on a 404, and for an id that is not one', async () => {
    const calls = stubApi({});
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/client/${CUSTOMER_ID}`);
    expect(await screen.findByText('No encontramos este cliente')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `GET /customers/${CUSTOMER_ID}`)).toBe(true);

    cleanup();
    await renderApp('/app/client/no-existe');
    expect(await screen.findByText('No encontramos este cliente')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET /customers/no-existe')).toBe(false);
  }, 30_000);
});
