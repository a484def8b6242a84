import type { DashboardCharts, DashboardSummary, User } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { SESSION_KEY, type SessionRecord } from '../../../lib/session';
import { notificationsKeys } from '../api';
import { DashboardPage } from './DashboardPage';

type Answer = { status?: number; body: unknown };
type Routes = Record<string, Answer | ((payload: unknown) => Answer)>;

const RANGES: DashboardSummary['ranges'] = {
  period: '30d',
  current: { from: '2026-02-01', to: '2026-03-02' },
  previous: { from: '2026-01-02', to: '2026-01-31' },
};
const SUMMARY: DashboardSummary = {
  shipments_made: 1234,
  ecommerce_orders: 7,
  total_purchases_centavos: 123_456_789,
  balance_centavos: 50_000,
  currency: 'MXN',
  unread_notifications: 0,
  ranges: RANGES,
  previous: {
    shipments_made: 1100,
    ecommerce_orders: 8,
    total_purchases_centavos: 123_456_789,
    balance_centavos: 0,
  },
};
const NO_CHARTS: DashboardCharts = {
  ranges: RANGES,
  shipments_per_day: [],
  spend_per_day: [],
  orders_per_day: [],
  top_states: [],
};
const NO_NOTIFICATIONS = { data: [], meta: { page: 1, pageSize: 10, total: 0 } };
const NOTICE = 'shop_policy_2025_06';
const steps = (done: string[], dismissed = false) => ({
  data: {
    steps: ['tax_information', 'origin_address', 'balance', 'first_label', 'team'].map((key) => ({
      key,
      done: done.includes(key),
    })),
    dismissed,
  },
});

/** Answers the http layer's calls by `METHOD /path` (below /api/v1) and records them. */
function mockApi(routes: Routes) {
  const calls: { call: string; payload: unknown; query: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/v1', '');
      const call = `${init.method ?? 'GET'} ${path}`;
      const payload = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, payload, query: url.search });
      const route = routes[call];
      const { status = 200, body } =
        typeof route === 'function' ? route(payload) : (route ?? { status: 404, body: {} });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function baseRoutes(overrides: Routes = {}): Routes {
  return {
    'GET /dashboard/summary': { body: { data: SUMMARY } },
    'GET /dashboard/charts': { body: { data: NO_CHARTS } },
    'GET /notifications': { body: NO_NOTIFICATIONS },
    'GET /notifications/notices': { body: { data: { active: [NOTICE] } } },
    'GET /dashboard/first-steps': { body: steps([], true) },
    ...overrides,
  };
}

function renderDashboard(entry = '/app/dashboard') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

beforeEach(() => {
  const session: SessionRecord = {
    strategy: 'LOCAL',
    token: 'access-token',
    user: { name: 'Ana', language: 'es' } as User,
    organization: null,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DashboardPage', () => {
  it('greets the user and shows the five figures, amounts in MXN as written in Mexico', async () => {
    mockApi(baseRoutes());
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Hola, Ana' })).toBeInTheDocument();
    const figure = (name: string) => within(screen.getByRole('group', { name }));
    await waitFor(() =>
      expect(figure('Total de compras').getByText('$1,234,567.89')).toBeInTheDocument(),
    );
    expect(figure('Saldo actual').getByText('$500.00')).toBeInTheDocument();
    expect(figure('Envíos realizados').getByText('1,234')).toBeInTheDocument();
    expect(figure('Pedidos e-commerce').getByText('7')).toBeInTheDocument();
    expect(figure('Notificaciones').getByText('0')).toBeInTheDocument();
  });

  it('leads from the shipments figure to the guides list, for those who buy guides', async () => {
    mockApi(baseRoutes());
    renderDashboard();
    const shipments = () => within(screen.getByRole('group', { name: 'Envíos realizados' }));
    await waitFor(() => expect(shipments().getByText('1,234')).toBeInTheDocument());
    expect(shipments().queryByRole('link', { name: 'Ver mis guías' })).toBeNull();

    cleanup();
    const session = JSON.parse(localStorage.getItem(SESSION_KEY)!) as SessionRecord;
    session.user = { ...session.user, permissions: ['dashboard', 'shipments.create_shipment'] };
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    renderDashboard();
    const link = await shipments().findByRole('link', { name: 'Ver mis guías' });
    // The list opens on the period's days.
    expect(link.getAttribute('href')).toBe('/app/shippings?from=2026-02-01&to=2026-03-02');
  });

  it('says how each figure changed against the previous period, in words beside the arrow', async () => {
    mockApi(baseRoutes());
    renderDashboard();
    const figure = (name: string) => within(screen.getByRole('group', { name }));
    await waitFor(() =>
      expect(
        figure('Envíos realizados').getByText('Sube 12 % vs. periodo anterior'),
      ).toBeInTheDocument(),
    );
    expect(
      figure('Pedidos e-commerce').getByText('Baja 13 % vs. periodo anterior'),
    ).toBeInTheDocument();
    expect(
      figure('Total de compras').getByText('Igual que el periodo anterior'),
    ).toBeInTheDocument();
    expect(
      figure('Saldo actual').getByText('Sube desde 0 en el periodo anterior'),
    ).toBeInTheDocument();
  });

  it('takes the period from the address and changes it with the switch', async () => {
    const calls = mockApi(baseRoutes());
    renderDashboard('/app/dashboard?period=today');
    const asked = (path: string) =>
      calls.filter(({ call }) => call === `GET ${path}`).map(({ query }) => query);
    await waitFor(() => expect(asked('/dashboard/summary')).toContain('?period=today'));
    expect(screen.getByRole('radio', { name: 'Hoy' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: '7 días' }));
    await waitFor(() => expect(asked('/dashboard/summary')).toContain('?period=7d'));
    await waitFor(() => expect(asked('/dashboard/charts')).toContain('?period=7d'));
  });

  it('draws the charts, each with its values in a table for screen readers', async () => {
    const days = { from: '2026-03-01', to: '2026-03-02' };
    mockApi(
      baseRoutes({
        'GET /dashboard/charts': {
          body: {
            data: {
              ranges: { ...RANGES, current: days },
              shipments_per_day: [
                { day: '2026-03-01', carrier: 'fedex', count: 1 },
                { day: '2026-03-02', carrier: 'estafeta', count: 2 },
              ],
              spend_per_day: [{ day: '2026-03-02', cause: 'insurance', centavos: 2_000 }],
              orders_per_day: [
                { day: '2026-03-02', store: { id: 's1', name: 'Tienda Sol' }, count: 3 },
              ],
              top_states: [{ state: 'Nuevo León', count: 3 }],
            } satisfies DashboardCharts,
          },
        },
      }),
    );
    renderDashboard();

    const shipments = within(
      await screen.findByRole('table', { name: 'Envíos por día y paquetería' }),
    );
    expect(shipments.getByRole('columnheader', { name: 'FedEx' })).toBeInTheDocument();
    const secondDay = shipments.getAllByRole('row')[2]!;
    expect(
      within(secondDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2 mar', '0', '2']);
    const spend = within(screen.getByRole('table', { name: 'Gasto por día' }));
    // Every cause is a column, classification included, though nothing was spent on it.
    expect(spend.getByRole('columnheader', { name: 'Clasificación' })).toBeInTheDocument();
    expect(spend.getByText('$20.00')).toBeInTheDocument();
    const orders = within(screen.getByRole('table', { name: 'Pedidos por día y tienda' }));
    expect(orders.getByRole('columnheader', { name: 'Tienda Sol' })).toBeInTheDocument();
    const states = within(screen.getByRole('table', { name: 'Estados de destino con más envíos' }));
    expect(states.getByRole('cell', { name: 'Nuevo León' })).toBeInTheDocument();
  });

  it('says a chart has nothing to show for the period', async () => {
    mockApi(baseRoutes());
    renderDashboard();
    expect(await screen.findByText('Sin gastos en este periodo.')).toBeInTheDocument();
    expect(screen.getByText('Sin pedidos en este periodo.')).toBeInTheDocument();
    expect(screen.getAllByText('Sin envíos en este periodo.')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the summary error in the words of the API', async () => {
    const message = 'No tienes permiso para realizar esta acción.';
    mockApi(
      baseRoutes({
        'GET /dashboard/summary': { status: 403, body: { error: { code: 'FORBIDDEN', message } } },
      }),
    );
    renderDashboard();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the shop policy notice and dismisses it through the API', async () => {
    const calls = mockApi(
      baseRoutes({
        [`POST /notifications/notices/${NOTICE}/dismiss`]: { body: { data: { active: [] } } },
      }),
    );
    renderDashboard();

    const notice = await screen.findByText(/Vuelve a autorizar tu tienda Shopify/);
    expect(screen.getByText(/versión 2025-04 de la app de Despacho/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ir a Marketplaces y tiendas' }).getAttribute('href'),
    ).toBe('/app/settings/marketplaces');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultar aviso' }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    expect(calls.map(({ call }) => call)).toContain(
      `POST /notifications/notices/${NOTICE}/dismiss`,
    );
  });

  it('keeps the notice, with the API message, when the dismissal fails', async () => {
    const message = 'Ha ocurrido un error. Por favor, inténtalo más tarde.';
    mockApi(
      baseRoutes({
        [`POST /notifications/notices/${NOTICE}/dismiss`]: {
          status: 500,
          body: { error: { code: 'INTERNAL_ERROR', message } },
        },
      }),
    );
    renderDashboard();

    fireEvent.click(await screen.findByRole('button', { name: 'Ocultar aviso' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(/Vuelve a autorizar tu tienda Shopify/)).toBeInTheDocument();
  });

  it('hides the notice the user already dismissed', async () => {
    mockApi(baseRoutes({ 'GET /notifications/notices': { body: { data: { active: [] } } } }));
    const queryClient = renderDashboard();
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationsKeys.notices())?.status).toBe('success'),
    );
    expect(screen.queryByText(/Vuelve a autorizar tu tienda Shopify/)).toBeNull();
  });

  it('shows a new organization its first steps, ticked from the server, each leading where it is done', async () => {
    mockApi(baseRoutes({ 'GET /dashboard/first-steps': { body: steps(['origin_address']) } }));
    const session = JSON.parse(localStorage.getItem(SESSION_KEY)!) as SessionRecord;
    session.user = {
      ...session.user,
      permissions: ['dashboard', 'settings.my_company', 'finances.deposits', 'settings.users'],
    };
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    renderDashboard();

    const checklist = within(await screen.findByRole('region', { name: 'Primeros pasos' }));
    expect(checklist.getByText('1 de 5 listos')).toBeInTheDocument();
    expect(checklist.getByText(/Agrega la dirección desde donde envías/)).toHaveTextContent(
      '(hecho)',
    );
    const link = (name: string) => checklist.getByRole('link', { name }).getAttribute('href');
    expect(link('Registra tu información fiscal para facturar')).toBe(
      '/app/settings/details?tab=tax',
    );
    expect(link('Recarga saldo para pagar tus guías')).toBe('/app/finance/deposits');
    expect(link('Invita a tu equipo')).toBe('/app/settings/users');
    // Without the permission to create shipments, the step is named but not a link.
    expect(checklist.getByText('Compra tu primera guía').closest('a')).toBeNull();
  });

  it('closes the first steps for the organization through the API', async () => {
    const calls = mockApi(
      baseRoutes({
        'GET /dashboard/first-steps': { body: steps([]) },
        'POST /dashboard/first-steps/dismiss': { body: steps([], true) },
      }),
    );
    renderDashboard();
    const checklist = await screen.findByRole('region', { name: 'Primeros pasos' });
    fireEvent.click(within(checklist).getByRole('button', { name: 'Ocultar primeros pasos' }));
    await waitFor(() => expect(checklist.isConnected).toBe(false));
    expect(calls.map(({ call }) => call)).toContain('POST /dashboard/first-steps/dismiss');
  });

  it('shows no first steps once all are done or they were closed', async () => {
    const all = ['tax_information', 'origin_address', 'balance', 'first_label', 'team'];
    for (const answer of [steps(all), steps([], true)]) {
      cleanup();
      mockApi(baseRoutes({ 'GET /dashboard/first-steps': { body: answer } }));
      const queryClient = renderDashboard();
      await waitFor(() =>
        expect(queryClient.getQueryState(['dashboard', 'firstSteps'])?.status).toBe('success'),
      );
      expect(screen.queryByRole('region', { name: 'Primeros pasos' })).toBeNull();
    }
  });

  it('lists notifications by kind and marks them read', async () => {
    const notification = (id: string, kind: string, title: string, read: boolean) => ({
      id,
      kind,
      title,
      body: `${title}: detalle`,
      link: null,
      created_at: '2026-03-02T16:00:00.000Z',
      read,
    });
    const calls = mockApi(
      baseRoutes({
        'GET /dashboard/summary': { body: { data: { ...SUMMARY, unread_notifications: 1 } } },
        'GET /notifications': {
          body: {
            data: [
              notification('n-1', 'WARNING', 'Saldo bajo', false),
              notification('n-2', 'NEWS', 'Nueva paquetería', true),
            ],
            meta: { page: 1, pageSize: 10, total: 2 },
          },
        },
        'PATCH /notifications/n-1/read': {
          body: { data: notification('n-1', 'WARNING', 'Saldo bajo', true) },
        },
        'POST /notifications/read-all': { body: { data: { marked: 1 } } },
      }),
    );
    renderDashboard();

    expect(await screen.findByText('Saldo bajo')).toBeInTheDocument();
    expect(screen.getByText('Advertencia')).toBeInTheDocument();
    expect(screen.getByText('Novedad')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Marcar como leída: Nueva paquetería' }),
    ).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Marcar como leída: Saldo bajo' }));
    await waitFor(() =>
      expect(calls.map(({ call }) => call)).toContain('PATCH /notifications/n-1/read'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(calls.map(({ call }) => call)).toContain('POST /notifications/read-all'),
    );
  });

  it('says so when there are no notifications', async () => {
    mockApi(baseRoutes());
    renderDashboard();
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();
    expect(
      (screen.getByRole('button', { name: 'Marcar todas como leídas' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('opens the consultant chat and sends a message', async () => {
    const sent: unknown[] = [];
    const message = {
      id: 'm-1',
      author_kind: 'merchant',
      body: '¿Cómo cancelo una guía?',
      created_at: '2026-03-02T16:00:00.000Z',
    };
    const calls = mockApi(
      baseRoutes({
        'GET /support/conversation': () => ({
          body: {
            data: sent.length
              ? {
                  id: 'c-1',
                  status: 'open',
                  created_at: message.created_at,
                  last_message_at: message.created_at,
                  messages: [message],
                }
              : null,
          },
        }),
        'POST /support/conversation/messages': (payload) => {
          sent.push(payload);
          return { status: 201, body: { data: message } };
        },
      }),
    );
    renderDashboard();

    fireEvent.click(screen.getByRole('button', { name: 'Contactar a un asesor' }));
    const chat = await screen.findByRole('dialog', { name: 'Chat con un asesor' });
    expect(
      await within(chat).findByText(/un asesor de Despacho te responderá/),
    ).toBeInTheDocument();

    fireEvent.click(within(chat).getByRole('button', { name: 'Enviar' }));
    expect(await within(chat).findByText('Este campo es obligatorio.')).toBeInTheDocument();

    fireEvent.change(within(chat).getByRole('textbox', { name: 'Mensaje' }), {
      target: { value: '¿Cómo cancelo una guía?' },
    });
    fireEvent.click(within(chat).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(chat).findByText('¿Cómo cancelo una guía?', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ body: '¿Cómo cancelo una guía?' }]);
    expect(calls.filter(({ call }) => call === 'GET /support/conversation').length).toBe(2);
  });
});
