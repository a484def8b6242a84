import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { CUSTOMER_ID, listItem, listPage } from '../test-data';

const LUCIA = listItem();
const PEDRO = listItem({
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  name: 'Pedro',
  last_name: 'Sánchez',
  company: null,
  email: 'pedro@tienda.mx',
  phone: '4421234567',
  is_favorite: true,
});

/** The query of the last list call. */
const lastQuery = (urls: URL[]) => Object.fromEntries(urls.at(-1)?.searchParams ?? []);

describe('clients (list)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists customers with their default address and sends search, favorites and sort', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /customers': (_body, url) => {
        urls.push(url);
        if (url.searchParams.get('search') === '06700') return listPage([LUCIA]);
        if (url.searchParams.get('favorites') === 'true') return listPage([PEDRO]);
        return listPage([LUCIA, PEDRO]);
      },
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/clients');
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Clientes' });
    const lucia = within(table).getByText('Lucía Hernández').closest('tr')!;
    expect(within(lucia).getByText('Dulcería La Esperanza')).toBeInTheDocument();
    expect(within(lucia).getByText('lucia@correo.mx')).toBeInTheDocument();
    expect(within(lucia).getByText('55 9876 5432')).toBeInTheDocument();
    expect(within(lucia).getByText('Ciudad de México, Ciudad de México')).toBeInTheDocument();
    expect(within(lucia).getByText('C.P. 06700')).toBeInTheDocument();
    expect(within(lucia).getByText('2')).toBeInTheDocument();
    const pedro = within(table).getByText('Pedro Sánchez').closest('tr')!;
    expect(within(pedro).getByText('442 123 4567')).toBeInTheDocument();
    expect(within(pedro).getByRole('button', { name: 'Quitar a Pedro Sánchez de favoritos' }));
    expect(lastQuery(urls)).toEqual({ sort: '-created_at', page: '1', pageSize: '10' });

    fireEvent.change(screen.getByLabelText('Buscar cliente'), { target: { value: '06700' } });
    await waitFor(() => expect(screen.queryByText('Pedro Sánchez')).toBeNull());
    expect(lastQuery(urls)).toMatchObject({ search: '06700' });
    expect(router.state.location.search).toContain('search=06700');

    fireEvent.change(screen.getByLabelText('Buscar cliente'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Solo favoritos' }));
    await waitFor(() => expect(screen.queryByText('Lucía Hernández')).toBeNull());
    expect(lastQuery(urls)).toEqual({
      favorites: 'true',
      sort: '-created_at',
      page: '1',
      pageSize: '10',
    });

    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'name' } });
    await waitFor(() => expect(lastQuery(urls)).toMatchObject({ sort: 'name' }));
    expect(router.state.location.search).toContain('sort=name');
    expect(router.state.location.search).toContain('favorites=true');
  }, 30_000);

  it('toggles the favorite star in place with PATCH, and a row opens the customer', async () => {
    let favorite = false;
    const calls = stubApi({
      'GET /customers': () => listPage([listItem({ is_favorite: favorite })]),
      [`PATCH /customers/${CUSTOMER_ID}/favorite`]: (body) => {
        favorite = (body as { is_favorite: boolean }).is_favorite;
        return json(200, { data: { ...LUCIA, is_favorite: favorite } });
      },
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/clients');

    fireEvent.click(
      await screen.findByRole('button', { name: 'Marcar a Lucía Hernández como favorito' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Quitar a Lucía Hernández de favoritos' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `PATCH /customers/${CUSTOMER_ID}/favorite`)?.body,
      ).toEqual({ is_favorite: true }),
    );
    // The star does not open the customer.
    expect(router.state.location.pathname).toBe('/app/clients');

    fireEvent.click(screen.getByText('lucia@correo.mx'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/client/${CUSTOMER_ID}`));
  }, 30_000);

  it('says so when there are no customers yet, with the way to add the first', async () => {
    stubApi({ 'GET /customers': () => listPage([]) });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/clients');
    expect(await screen.findByText('Aún no tienes clientes')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('link', { name: 'Nuevo cliente' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/create'));
  }, 30_000);
});
