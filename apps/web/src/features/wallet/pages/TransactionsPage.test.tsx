import type { OrganizationTimeZone, TransactionView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { pickDay } from '../../../test/date-picker';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const DEPOSIT: TransactionView = {
  id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',
  // 23:30 on February 28th in Mexico City.
  created_at: '2026-03-01T05:30:00.000Z',
  kind: 'deposit',
  description: 'SPEI MBAN01002603010001',
  reference: { type: 'deposit', id: 'a1b2c3d4-0000-4000-8000-000000000001' },
  amount_centavos: 100_000,
  balance_after_centavos: 100_000,
  payment_state: 'paid',
};
const GUIDE: TransactionView = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  created_at: '2026-03-02T18:00:00.000Z',
  kind: 'label',
  description: 'Guía Estafeta 123456',
  reference: null,
  amount_centavos: -11_600,
  balance_after_centavos: 88_400,
  payment_state: 'pending',
};

const page = (rows: TransactionView[], total = rows.length) =>
  json(200, { data: rows, meta: { page: 1, pageSize: 20, total } });
/** The query of the last call to `path`. */
const lastQuery = (urls: URL[]) => Object.fromEntries(urls.at(-1)?.searchParams ?? []);

describe('finance/transactions', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Signed in to an organization whose clock is `timeZone`. */
  const signIn = (timeZone: OrganizationTimeZone) => {
    const session = makeSession();
    saveSession(
      { ...session, organization: { ...session.organization!, time_zone: timeZone } },
      'SESSION',
    );
  };

  it('lists the movements with kind, cause, signed amounts, balance and payment state', async () => {
    stubApi({ 'GET /wallet/transactions': () => page([GUIDE, DEPOSIT]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/finance/transactions');
    expect(screen.getByRole('heading', { level: 1, name: 'Movimientos del saldo' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Movimientos del saldo' });
    const deposit = within(table).getByText('Depósito').closest('tr')!;
    expect(within(deposit).getByText('28/02/2026, 23:30')).toBeTruthy();
    const link = within(deposit).getByRole('link', { name: 'SPEI MBAN01002603010001' });
    expect(link.getAttribute('href')).toBe('/app/finance/deposits');
    expect(within(deposit).getByText('+$1,000.00')).toBeTruthy();
    expect(within(deposit).getByText('$1,000.00')).toBeTruthy();
    expect(within(deposit).getByText('Pagado')).toBeTruthy();

    const guide = within(table).getByText('Guía').closest('tr')!;
    expect(within(guide).getByText('Guía Estafeta 123456').closest('a')).toBeNull();
    expect(within(guide).getByText('-$116.00')).toBeTruthy();
    expect(within(guide).getByText('$884.00')).toBeTruthy();
    expect(within(guide).getByText('Pendiente')).toBeTruthy();
  }, 30_000);

  it('sends the kind and day filters, keeps them in the URL and exports the same set', async () => {
    const urls: URL[] = [];
    const exports: URL[] = [];
    stubApi({
      'GET /wallet/transactions': (_body, url) => {
        urls.push(url);
        return page(url.searchParams.get('kind') === 'deposit' ? [DEPOSIT] : [GUIDE, DEPOSIT]);
      },
      'GET /wallet/transactions.csv': (_body, url) => {
        exports.push(url);
        return new Response('\uFEFFFecha\r\n', { headers: { 'content-type': 'text/csv' } });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:movimientos');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    // The pickers open on today's month: February 2026 here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-15T18:00:00Z') });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/finance/transactions');
    await screen.findByRole('table', { name: 'Movimientos del saldo' });
    expect(lastQuery(urls)).toEqual({ page: '1', pageSize: '20' });

    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'deposit' } });
    await waitFor(() => expect(lastQuery(urls)).toMatchObject({ kind: 'deposit' }));
    await waitFor(() => expect(screen.queryByText('Guía Estafeta 123456')).toBeNull());
    await pickDay('Desde', '2026-02-01');
    await pickDay('Hasta', '2026-02-28');
    expect(screen.getByLabelText('Desde')).toHaveTextContent('01/02/2026');
    await waitFor(() =>
      expect(lastQuery(urls)).toEqual({
        kind: 'deposit',
        from: '2026-02-01',
        to: '2026-02-28',
        page: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toContain('kind=deposit');
    expect(router.state.location.search).toContain('from=2026-02-01');
    expect(router.state.location.search).toContain('to=2026-02-28');

    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(Object.fromEntries(exports[0]!.searchParams)).toEqual({
      kind: 'deposit',
      from: '2026-02-01',
      to: '2026-02-28',
    });

    // A range that ends before it starts (only possible in the URL) is not sent; the end date
    // says why.
    const calls = urls.length;
    await router.navigate('/app/finance/transactions?from=2026-03-05&to=2026-02-28');
    expect(
      await screen.findByText('La fecha final debe ser igual o posterior a la inicial.'),
    ).toBeTruthy();
    expect(urls).toHaveLength(calls);
    expect(
      (screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  }, 30_000);

  it("shows times in the organization's zone, whatever the browser's", async () => {
    const browserZone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      // The browser's own clock is Tokyo's: 05:30Z is 14:30 there.
      expect(new Date(DEPOSIT.created_at).getHours()).toBe(14);
      stubApi({ 'GET /wallet/transactions': () => page([DEPOSIT]) });
      signIn('America/Tijuana');
      await renderApp('/app/finance/transactions');
      const table = await screen.findByRole('table', { name: 'Movimientos del saldo' });
      // Tijuana is UTC−8 in February: 21:30 on the 28th.
      expect(within(table).getByText('28/02/2026, 21:30')).toBeTruthy();
    } finally {
      process.env.TZ = browserZone;
    }
  }, 30_000);

  it('says so when the balance has no movements yet, with the way to deposit', async () => {
    stubApi({ 'GET /wallet/transactions': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/finance/transactions');
    expect(await screen.findByText('Aún no hay movimientos en tu saldo')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Depositar saldo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/finance/deposits'));
  }, 30_000);
});
