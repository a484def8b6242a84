import type { CollectionView, ProductListItem } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const IMAGE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const collection = (overrides: Partial<CollectionView>): CollectionView => ({
  id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Temporada de lluvias',
  description: 'Impermeables y botas',
  image: null,
  products_count: 2,
  created_at: '2026-03-02T16:00:00.000Z',
  updated_at: '2026-03-02T16:00:00.000Z',
  ...overrides,
});
const RAIN = collection({});
const OFFERS = collection({
  id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Ofertas',
  description: null,
  products_count: 0,
});
const product = (id: string, name: string, sku: string): ProductListItem => ({
  id,
  name,
  status: 'ACTIVE',
  tariff_status: 'UNCLASSIFIED',
  vendor: null,
  tags: [],
  variants_count: 1,
  price_min: 19900,
  price_max: 19900,
  sku,
  stock: null,
  thumbnail_url: null,
  updated_at: '2026-03-02T16:00:00.000Z',
});
const BOOTS = product('1b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f', 'Botas de lluvia', 'BOT-1');
const COAT = product('2b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f', 'Impermeable', 'IMP-1');
const UMBRELLA = product('3b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f', 'Paraguas', 'PAR-1');
const page = <T,>(data: T[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });

const field = (container: HTMLElement, label: RegExp) =>
  within(container)
    .getAllByLabelText(label)
    .find((element) => ['INPUT', 'TEXTAREA'].includes(element.tagName)) as HTMLInputElement;

async function open() {
  saveSession(makeSession(), 'SESSION');
  await renderApp('/app/products/collections');
}

describe('products/collections', () => {
  afterEach(async () => {
    // Toasts outlive each test's render; past the visible limit a new one would wait unseen.
    notifications.clean();
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('lists collections with their products count, searches and deletes one after asking', async () => {
    const queries: string[] = [];
    const calls = stubApi({
      'GET /collections': (_body, url) => {
        queries.push(url.search);
        return url.searchParams.get('search') === 'ofer' ? page([OFFERS]) : page([OFFERS, RAIN]);
      },
      [`DELETE /collections/${OFFERS.id}`]: () => new Response(null, { status: 204 }),
    });
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Colecciones' })).toBeInTheDocument();
    const rain = (await screen.findByText('Temporada de lluvias')).closest('tr')!;
    expect(within(rain).getByText('2')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Buscar colección'), { target: { value: 'ofer' } });
    await waitFor(() => expect(screen.queryByText('Temporada de lluvias')).toBeNull(), {
      timeout: 3000,
    });
    expect(queries.at(-1)).toContain('search=ofer');

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Ofertas' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('¿Eliminar «Ofertas»? No tiene productos.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminamos la colección «Ofertas».')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /collections/${OFFERS.id}`)).toBe(true);
  }, 15_000);

  it('creates a collection with an uploaded image, saying the limits and refusing a large file', async () => {
    const calls = stubApi({
      'GET /collections': () => page([]),
      'POST /product-images': () =>
        json(201, {
          data: {
            id: IMAGE_ID,
            width: 1200,
            height: 800,
            url: `/api/v1/product-images/${IMAGE_ID}`,
            thumbnail_url: `/api/v1/product-images/${IMAGE_ID}?size=thumbnail`,
          },
        }),
      [`GET /product-images/${IMAGE_ID}`]: () =>
        new Response(new Blob(['webp']), { headers: { 'content-type': 'image/webp' } }),
      'POST /collections': (body) =>
        json(201, { data: collection({ ...(body as object), products_count: 0 }) }),
    });
    await open();
    expect(await screen.findByText(/Aún no tienes colecciones/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Crear colección' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('JPEG, PNG o WebP, máximo 5 MB.')).toBeInTheDocument();

    // Required name, checked before any call.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar colección' }));
    expect(await within(drawer).findByText('Este campo es obligatorio.')).toBeInTheDocument();

    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [large] } });
    expect(await within(drawer).findByText('La imagen pesa más de 5 MB.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /product-images')).toBe(false);

    const photo = new File(['png'], 'lluvias.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(
      await within(drawer).findByRole('button', { name: 'Cambiar imagen' }),
    ).toBeInTheDocument();
    fireEvent.change(field(drawer, /^Nombre/), { target: { value: 'Temporada de lluvias' } });
    fireEvent.change(field(drawer, /^Descripción/), { target: { value: 'Impermeables' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar colección' }));
    expect(
      await screen.findByText('Guardamos la colección «Temporada de lluvias».'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /collections')?.body).toEqual({
      name: 'Temporada de lluvias',
      description: 'Impermeables',
      image_id: IMAGE_ID,
    });
  }, 15_000);

  it('shows a taken name under the field, in English too', async () => {
    stubApi({
      'GET /collections': () => page([RAIN]),
      [`PUT /collections/${RAIN.id}`]: () =>
        json(409, {
          error: {
            code: 'COLLECTION_NAME_TAKEN',
            message: 'You already have a collection with that name.',
            fields: { name: 'You already have a collection with that name.' },
          },
        }),
    });
    await setLanguage('en');
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Temporada de lluvias' }));
    const drawer = await screen.findByRole('dialog');
    expect(field(drawer, /^Name/).value).toBe('Temporada de lluvias');
    expect(field(drawer, /^Description/).value).toBe('Impermeables y botas');
    fireEvent.change(field(drawer, /^Name/), { target: { value: 'Ofertas' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(
      (await within(drawer).findAllByText('You already have a collection with that name.')).length,
    ).toBeGreaterThan(0);
  }, 15_000);

  it('counts a large collection by its own count while its list pages on', async () => {
    const big = { ...RAIN, products_count: 5000 };
    stubApi({
      'GET /collections': () => page([big]),
      'GET /products': () =>
        json(200, {
          data: [BOOTS, COAT],
          meta: { page: 1, pageSize: 20, total: 40, capped: true },
        }),
    });
    await open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Ver los productos de Temporada de lluvias' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('5000 productos')).toBeInTheDocument();
    expect(
      within(drawer).getByText('Más de 40 resultados; avanza para ver más páginas.'),
    ).toBeInTheDocument();
  });

  it('lists a collection’s products, takes one out and adds others found by search', async () => {
    const calls = stubApi({
      'GET /collections': () => page([RAIN]),
      'GET /products': (_body, url) => {
        if (url.searchParams.get('collection_id') === RAIN.id) return page([BOOTS, COAT]);
        return url.searchParams.get('search') === 'para' ? page([UMBRELLA]) : page([]);
      },
      [`POST /collections/${RAIN.id}/products/remove`]: () =>
        json(200, { data: { ...RAIN, products_count: 1 } }),
      [`POST /collections/${RAIN.id}/products`]: () =>
        json(200, { data: { ...RAIN, products_count: 2 } }),
    });
    await open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Ver los productos de Temporada de lluvias' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Botas de lluvia')).toBeInTheDocument();
    expect(within(drawer).getByText('SKU IMP-1')).toBeInTheDocument();
    expect(within(drawer).getByText('2 productos')).toBeInTheDocument();

    fireEvent.click(
      within(drawer).getByRole('button', { name: 'Quitar Botas de lluvia de la colección' }),
    );
    expect(
      await screen.findByText('Quitamos «Botas de lluvia» de la colección.'),
    ).toBeInTheDocument();
    expect(
      calls.find((call) => call.key === `POST /collections/${RAIN.id}/products/remove`)?.body,
    ).toEqual({ product_ids: [BOOTS.id] });

    const search = field(drawer, /^Agregar productos/);
    search.focus();
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'para' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Paraguas', hidden: true }, { timeout: 3000 }),
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Agregamos 1 producto.')).toBeInTheDocument();
    expect(
      calls.find((call) => call.key === `POST /collections/${RAIN.id}/products`)?.body,
    ).toEqual({ product_ids: [UMBRELLA.id] });
  }, 20_000);
});
