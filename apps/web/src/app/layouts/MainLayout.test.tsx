import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { clearSession, readRefreshToken, readSession, saveSession } from '../../lib/session';
import { stubApi } from '../../test/api-stub';
import { json, makeSession, makeUser, shippingOnlyUser, staffUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const menu = () => screen.getByRole('navigation', { name: 'Menú principal' });

describe('main layout', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('shows a shipping-only user their home and only the Envíos module', async () => {
    stubApi({});
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    const router = await renderApp('/app');
    expect(router.state.location.pathname).toBe('/app/shipment');
    expect(screen.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeInTheDocument();
    expect(within(menu()).getByText('Envíos')).toBeInTheDocument();
    expect(within(menu()).queryByText('Finanzas')).toBeNull();
    expect(within(menu()).queryByText('Dashboard')).toBeNull();
    expect(screen.getByText('Comercial Jade')).toBeInTheDocument();
  });

  it('on a phone keeps the closed menu from keyboard and screen readers until the burger opens it', async () => {
    vi.stubGlobal('innerWidth', 390);
    stubApi({});
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    await renderApp('/app/shipment');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú de navegación' }));
    expect(within(menu()).getByText('Envíos')).toBeInTheDocument();
  });

  it('reloads the user from GET me, so a changed role shows without signing in again', async () => {
    const owner = makeUser();
    stubApi({
      'GET /me': () =>
        json(200, { data: { user: shippingOnlyUser(), organization: makeSession().organization } }),
    });
    saveSession(makeSession({ user: owner }), 'SESSION');
    await renderApp('/app/shipment');
    await waitFor(() => expect(within(menu()).queryByText('Finanzas')).toBeNull());
    expect(readSession()?.user.permissions).toEqual(shippingOnlyUser().permissions);
  });

  it('gives platform staff the header with their user menu on the console, and no menu', async () => {
    stubApi({
      'GET /staff/verifications': () =>
        json(200, { data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    const router = await renderApp('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    expect(
      await screen.findByRole('heading', { name: 'Consola de operaciones' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Menú de usuario/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
  });

  it('speaks the language the server has for the user, chosen on another device', async () => {
    stubApi({
      'GET /me': () =>
        json(200, {
          data: {
            user: shippingOnlyUser({ language: 'en' }),
            organization: makeSession().organization,
          },
        }),
    });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    await renderApp('/app/shipment');
    expect(await screen.findByRole('heading', { name: 'Create shipment' })).toBeInTheDocument();
    expect(readSession()?.user.language).toBe('en');
  });

  it('sends a user away from a screen they lack the permission for', async () => {
    stubApi({});
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    const router = await renderApp('/app/finance/deposits');
    expect(router.state.location.pathname).toBe('/app/shipment');
  });

  it('shows the spec placeholders as new features with a way back', async () => {
    stubApi({});
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/finance/financing');
    expect(screen.getByRole('heading', { name: 'Financiamiento' })).toBeInTheDocument();
    expect(screen.getByText('Nueva funcionalidad')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al dashboard' }).getAttribute('href')).toBe(
      '/app',
    );
  });

  it('saves a language change on the user and speaks it from then on', async () => {
    const calls = stubApi({
      'PATCH /user/change-language': (_body, url) =>
        json(200, { data: makeUser({ language: url.searchParams.get('language') as 'en' }) }),
    });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'LOCAL');
    await renderApp('/app/shipment');
    fireEvent.click(screen.getByRole('button', { name: /Cambiar idioma/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Create shipment' })).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('PATCH /user/change-language');
    expect(readSession()?.user.language).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('logs out: revokes the refresh token, forgets the session, goes to login', async () => {
    const calls = stubApi({ 'POST /auth/logout': () => json(200, { data: { ok: true } }) });
    saveSession(makeSession(), 'LOCAL');
    const router = await renderApp('/app/settings/users');
    fireEvent.click(screen.getByRole('button', { name: /Menú de usuario/ }));
    expect(await screen.findByText('ana@example.mx')).toBeInTheDocument();
    // jsdom has no layout, so the floating dropdown counts as detached and hidden.
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión', hidden: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calls.find((call) => call.key === 'POST /auth/logout')).toMatchObject({
      body: { refresh_token: 'refresh-1' },
    });
    expect(readSession()).toBeNull();
    expect(readRefreshToken()).toBeNull();
  });
});
