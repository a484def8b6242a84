import type { ProductListItem } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const VENDOR = { id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'Textiles del Centro' };
const item = (overrides: Partial<ProductListItem>): ProductListItem => ({
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Playera básica',
  status: 'ACTIVE',
  tariff_status: 'CLASSIFIED',
  vendor: VENDOR,
  tags: ['algodón'],
  variants_count: 4,
  price_min: 24990,
  price_max: 24990,
  sku: 'PLAYERA-S-RO',
  stock: null,
  thumbnail_url: null,
  updated_at: '2026-11-20T16:00:00.000Z',
  ...overrides,
});
const PLAYERA = item({});
const TAZA = item({
  id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Taza de cerámica',
  status: 'DRAFT',
  tariff_status: 'UNCLASSIFIED',
  vendor: null,
  variants_count: 1,
  sku: null,
  stock: 12,
});
const page = (data: ProductListItem[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

describe('products list', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('shows each product with its status, variants, stock, vendor and tariff status', async () => {
    stubApi({
      'GET /products': () => page([PLAYERA, TAZA]),
      'GET /vendors': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'GET /collections': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products');

    const playera = (await screen.findByRole('link', { name: 'Playera básica' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Playera básica' })).toHaveAttribute(
      'href',
      `/app/products/edit/${PLAYERA.id}`,
    );
    expect(within(playera).getByText('Publicado')).toBeInTheDocument();
    expect(within(playera).getByText('Textiles del Centro')).toBeInTheDocument();
    // A product sent to classification links to its request; one never sent does not.
    expect(within(playera).getByRole('link', { name: 'Clasificado' })).toHaveAttribute(
      'href',
      '/app/tariff-classification?search=Playera+b%C3%A1sica',
    );
    expect(within(playera).getByText('—')).toBeInTheDocument();
    const taza = screen.getByRole('link', { name: 'Taza de cerámica' }).closest('tr')!;
    expect(within(taza).getByText('Borrador (incompleto)')).toBeInTheDocument();
    expect(within(taza).getByText('Sin clasificar')).toBeInTheDocument();
    expect(within(taza).queryByRole('link', { name: 'Sin clasificar' })).toBeNull();
    expect(within(taza).getByText('12')).toBeInTheDocument();

    await setLanguage('en');
    expect(await within(taza).findByText('Draft (incomplete)')).toBeInTheDocument();
    expect(within(playera).getByText('Published')).toBeInTheDocument();
    expect(within(taza).getByText('Unclassified')).toBeInTheDocument();
  });

  it('shows each product as a card on a 390 px screen, its status and stock in sight', async () => {
    vi.stubGlobal('innerWidth', 390);
    stubApi({
      'GET /products': () => page([PLAYERA, TAZA]),
      'GET /vendors': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'GET /collections': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products');

    const taza = (await screen.findByRole('link', { name: 'Taza de cerámica' })).closest(
      '[role="listitem"]',
    ) as HTMLElement;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(taza).getByText('Estatus').nextSibling).toHaveTextContent(
      'Borrador (incompleto)',
    );
    expect(within(taza).getByText('Existencias').nextSibling).toHaveTextContent('12');
    expect(
      within(taza).getByRole('checkbox', { name: 'Seleccionar Taza de cerámica' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('sends the search and filters of the URL and keeps new ones in it', async () => {
    const queries: URLSearchParams[] = [];
    stubApi({
      'GET /products': (_body, url) => {
        queries.push(url.searchParams);
        return page([PLAYERA]);
      },
      'GET /vendors': () =>
        json(200, { data: [{ ...VENDOR }], meta: { page: 1, pageSize: 100, total: 1 } }),
      'GET /collections': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/products?status=ACTIVE&search=playera&tag=verano');
    await screen.findByRole('link', { name: 'Playera básica' });
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({
      status: 'ACTIVE',
      search: 'playera',
      tag: 'verano',
      sort: '-updated_at',
      page: '1',
      pageSize: '20',
    });

    fireEvent.change(screen.getByLabelText('Clasificación arancelaria'), {
      target: { value: 'IN_REVIEW' },
    });
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'name' } });
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({
        status: 'ACTIVE',
        tariff_status: 'IN_REVIEW',
        sort: 'name',
      }),
    );
    expect(router.state.location.search).toContain('tariff_status=IN_REVIEW');
    expect(router.state.location.search).toContain('sort=name');
  });

  it('says "more than" a filtered list that stopped counting, and pages on', async () => {
    const pages: string[] = [];
    stubApi({
      'GET /products': (_body, url) => {
        const number = Number(url.searchParams.get('page'));
        pages.push(String(number));
        // The first page counts as far as the next (40) and more match; the second reaches the end.
        return json(200, {
          data: [PLAYERA],
          meta:
            number === 1
              ? { page: 1, pageSize: 20, total: 40, capped: true }
              : { page: 2, pageSize: 20, total: 45 },
        });
      },
      'GET /vendors': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'GET /collections': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products?tag=invierno');

    expect(
      await screen.findByText('Más de 40 resultados; avanza para ver más páginas.'),
    ).toBeInTheDocument();
    const pagination = screen.getByLabelText('Páginas de productos');
    expect(within(pagination).getByRole('button', { name: '2' })).toBeInTheDocument();
    expect(within(pagination).queryByRole('button', { name: '3' })).toBeNull();
    await setLanguage('en');
    expect(
      await screen.findByText('More than 40 results; move forward for more pages.'),
    ).toBeInTheDocument();

    fireEvent.click(within(pagination).getByRole('button', { name: '2' }));
    await waitFor(() => expect(pages.at(-1)).toBe('2'));
    expect(await within(pagination).findByRole('button', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByText(/More than/)).toBeNull();
  });

  it('publishes the selected products and lists the ones refused with their reason', async () => {
    const calls = stubApi({
      'GET /products': () => page([PLAYERA, TAZA]),
      'GET /vendors': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'GET /collections': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'POST /products/bulk': () =>
        json(200, {
          data: {
            done: [PLAYERA.id],
            refused: [
              {
                id: TAZA.id,
                name: TAZA.name,
                code: 'PRODUCT_INCOMPLETE',
                message: 'Al producto le faltan datos para publicarse.',
              },
            ],
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products');
    await screen.findByRole('link', { name: 'Playera básica' });
    fireEvent.click(screen.getByLabelText('Seleccionar todos los de esta página'));
    expect(screen.getByText('2 productos seleccionados')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Resultado de la acción' });
    expect(within(dialog).getByText('Listo: 1 producto actualizado.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Al producto le faltan datos para publicarse/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Taza de cerámica')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /products/bulk')?.body).toEqual({
      action: 'publish',
      ids: [PLAYERA.id, TAZA.id],
    });
  });

  it('leads to the collections, and creates one while adding products to a collection', async () => {
    const created = {
      id: '9d1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      name: 'Verano',
      description: null,
      image: null,
      products_count: 0,
      created_at: '2026-11-20T16:00:00.000Z',
      updated_at: '2026-11-20T16:00:00.000Z',
    };
    let collections: (typeof created)[] = [];
    const calls = stubApi({
      'GET /products': () => page([PLAYERA]),
      'GET /vendors': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
      'GET /collections': () =>
        json(200, { data: collections, meta: { page: 1, pageSize: 100, total: 0 } }),
      'POST /collections': () => {
        collections = [created];
        return json(201, { data: created });
      },
      'POST /products/bulk': () => json(200, { data: { done: [PLAYERA.id], refused: [] } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products');
    expect(screen.getByRole('link', { name: 'Colecciones' })).toHaveAttribute(
      'href',
      '/app/products/collections',
    );

    await screen.findByRole('link', { name: 'Playera básica' });
    fireEvent.click(screen.getByLabelText('Seleccionar todos los de esta página'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar a colección' }));
    const picker = await screen.findByRole('dialog', { name: 'Agregar a colección' });
    expect(within(picker).getByText('Aún no tienes colecciones')).toBeInTheDocument();
    fireEvent.click(within(picker).getByRole('button', { name: 'Crear una colección nueva' }));

    fireEvent.change(await screen.findByLabelText(/Nombre/), { target: { value: 'Verano' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar colección' }));
    const back = await screen.findByRole('dialog', { name: 'Agregar a colección' });
    await waitFor(() => expect(within(back).getByLabelText('Colección')).toHaveValue('Verano'));
    fireEvent.click(within(back).getByRole('button', { name: 'Agregar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /products/bulk')?.body).toEqual({
        action: 'add_to_collection',
        ids: [PLAYERA.id],
        collection_id: created.id,
      }),
    );
  }, 20_000);
});
