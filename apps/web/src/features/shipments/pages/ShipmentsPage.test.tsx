import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { pickDay } from '../../../test/date-picker';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { FAILED_ID, GUIDE_ID, makeSummary, OTHER_GUIDE_ID, page } from '../follow-up-test-data';

const CREATED = makeSummary();
const DELIVERED = makeSummary({
  id: OTHER_GUIDE_ID,
  tracking_number: '7700112233',
  carrier_key: 'dhl_express',
  carrier_name: 'DHL Express',
  service_name: 'Express',
  cost: 53_360,
  package_count: 2,
  billable_weight_kg: 4.5,
  insured: true,
  declared_value: 250_000,
  status: 'delivered',
});
const FAILED = makeSummary({
  id: FAILED_ID,
  tracking_number: null,
  status: 'created',
  purchase_state: 'failed',
});

/** The query of the last list call. */
const lastQuery = (urls: URL[]) => Object.fromEntries(urls.at(-1)?.searchParams ?? []);

describe('shippings (list)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the columns of each guide, with failed purchases apart', async () => {
    stubApi({ 'GET /shipments': () => page([CREATED, DELIVERED, FAILED]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/shippings');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis guías' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Envíos' });
    const created = within(table).getByText('8055241528464720099314').closest('tr')!;
    expect(within(created).getByText('Estafeta')).toBeInTheDocument();
    expect(within(created).getByText('Terrestre')).toBeInTheDocument();
    expect(within(created).getByText('$191.40')).toBeInTheDocument();
    expect(within(created).getByText('30 × 20 × 15 cm')).toBeInTheDocument();
    expect(within(created).getByText('2 kg')).toBeInTheDocument();
    expect(within(created).getByText('Sin seguro')).toBeInTheDocument();
    expect(within(created).getByText('Creada')).toBeInTheDocument();
    expect(within(created).getByText('02/03/2026')).toBeInTheDocument();
    expect(
      within(created).getByRole('link', { name: '8055241528464720099314' }).getAttribute('href'),
    ).toBe(`/app/shippings/${GUIDE_ID}`);

    const delivered = within(table).getByText('7700112233').closest('tr')!;
    expect(within(delivered).getByText('Entregada')).toBeInTheDocument();
    expect(within(delivered).getByText('$2,500.00')).toBeInTheDocument();
    expect(within(delivered).getByText('2 paquetes · 4.5 kg')).toBeInTheDocument();

    const failed = within(table).getByText('Sin guía').closest('tr')!;
    expect(within(failed).getByText('Compra fallida')).toBeInTheDocument();
    expect(within(failed).queryByText('Creada')).toBeNull();
    // A failed purchase has no label to download.
    expect(
      (
        within(failed).getByRole('checkbox', {
          name: 'Seleccionar la guía Sin guía',
        }) as HTMLInputElement
      ).disabled,
    ).toBe(true);
  }, 30_000);

  it('sends the tab, search, days and carrier, and keeps them in the URL', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /shipments': (_body, url) => {
        urls.push(url);
        return page(
          url.searchParams.get('tab') === 'fulfilled' ? [DELIVERED] : [CREATED, DELIVERED],
        );
      },
    });
    // The day pickers open on today's month: March 2026 here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T18:00:00Z') });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/shippings');
    await screen.findByRole('table', { name: 'Envíos' });
    expect(lastQuery(urls)).toEqual({ page: '1', pageSize: '20' });
    // Shipment words, not an order's ("completados", "surtidos").
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Todas',
      'Entregadas',
      'En camino',
      'Por recolectar',
      'Canceladas',
      'Recolección programada',
      'Sin recolección',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Entregadas' }));
    await waitFor(() => expect(lastQuery(urls)).toMatchObject({ tab: 'fulfilled' }));
    await waitFor(() => expect(screen.queryByText('8055241528464720099314')).toBeNull());
    expect(router.state.location.search).toContain('tab=fulfilled');

    fireEvent.click(screen.getByRole('tab', { name: 'Sin recolección' }));
    await waitFor(() => expect(lastQuery(urls)).toMatchObject({ tab: 'pickup_pending' }));

    fireEvent.change(screen.getByLabelText('Buscar envío'), { target: { value: ' 64000 ' } });
    await waitFor(() => expect(lastQuery(urls)).toMatchObject({ search: '64000' }));
    fireEvent.change(screen.getByLabelText('Paquetería'), { target: { value: 'dhl_express' } });
    await pickDay('Desde', '2026-03-01');
    await pickDay('Hasta', '2026-03-31');
    await waitFor(() =>
      expect(lastQuery(urls)).toEqual({
        tab: 'pickup_pending',
        search: '64000',
        carrier: 'dhl_express',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toContain('carrier=dhl_express');

    fireEvent.click(screen.getByRole('tab', { name: 'Todas' }));
    await waitFor(() => expect(lastQuery(urls).tab).toBeUndefined());
    expect(router.state.location.search).not.toContain('tab=');
  }, 30_000);

  it('downloads the labels of the selected guides as one PDF', async () => {
    const calls = stubApi({
      'GET /shipments': () => page([CREATED, DELIVERED, FAILED]),
      'POST /shipments/labels': () =>
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:etiquetas');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/shippings');
    await screen.findByRole('table', { name: 'Envíos' });

    const download = screen.getByRole('button', {
      name: 'Descargar etiquetas',
    }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar la guía 7700112233' }));
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar la guía 8055241528464720099314' }),
    );
    expect(screen.getByText('2 guías seleccionadas')).toBeInTheDocument();
    fireEvent.click(download);

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.find((call) => call.key === 'POST /shipments/labels')?.body).toEqual({
      ids: [OTHER_GUIDE_ID, GUIDE_ID],
    });

    // The page's box selects every guide with a label, never the failed purchase.
    fireEvent.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(download.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar las guías de esta página' }));
    expect(screen.getByText('2 guías seleccionadas')).toBeInTheDocument();
    fireEvent.click(download);
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'POST /shipments/labels')).toHaveLength(2),
    );
    expect(calls.filter((call) => call.key === 'POST /shipments/labels')[1]?.body).toEqual({
      ids: [GUIDE_ID, OTHER_GUIDE_ID],
    });
  }, 30_000);

  it('invites to create the first shipment when there are none', async () => {
    stubApi({ 'GET /shipments': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/shippings');
    expect(await screen.findByText('Aún no tienes envíos')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Crear envío' });
    fireEvent.click(links.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/shipment'));
  }, 30_000);
});
