import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../lib/session';
import { stubApi } from '../../test/api-stub';
import { makeSession, shippingOnlyUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeSummary, page } from './follow-up-test-data';

const menu = () => screen.getByRole('navigation', { name: 'Menú principal' });

/** A user of the `shipping` role: the Shipments module and nothing else (decision 017). */
describe('shipping-only user', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('sees only the Shipments module, open on the guides list', async () => {
    stubApi({ 'GET /shipments': () => page([makeSummary()]) });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    await renderApp('/app/shippings');
    expect(await screen.findByRole('table', { name: 'Envíos' })).toBeInTheDocument();

    const links = within(menu())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Crear envío', '/app/shipment'],
      ['Cotización rápida', '/app/create-shippings'],
      ['Mis guías', '/app/shippings'],
      ['Recolección', '/app/pickup'],
    ]);
    for (const other of ['Dashboard', 'Finanzas', 'E-Commerce', 'Configuración', 'Ayuda']) {
      expect(within(menu()).queryByText(other)).toBeNull();
    }
  }, 30_000);

  it('reaches the guides list from the pickup screen', async () => {
    stubApi({
      'GET /shipments': () => page([makeSummary()]),
      'GET /pickups': () => page([]),
    });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    const router = await renderApp('/app/pickup');
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Mis guías' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/shippings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis guías' })).toBeInTheDocument();
  }, 30_000);

  it.each(['/app/finance/deposits', '/app/dashboard', '/app/settings/users', '/app/clients'])(
    'is sent home from %s, as any screen without permission',
    async (path) => {
      stubApi({});
      saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
      const router = await renderApp(path);
      expect(router.state.location.pathname).toBe('/app/shipment');
    },
    30_000,
  );
});
