import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { clearSession, readSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('login page', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('explains in Spanish what is missing before calling the API', async () => {
    const calls = stubApi({});
    await renderApp('/auth/login');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    fill('Correo electrónico', 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Ingresa un correo electrónico válido.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in, remembers the session when asked, and returns to the saved target', async () => {
    const calls = stubApi({ 'POST /auth/login': () => json(200, { data: makeSession() }) });
    const router = await renderApp('/auth/login?redirect=%2Fapp%2Fpickup');
    fill('Correo electrónico', 'Ana@Example.mx');
    fill('Contraseña', 'Secreta1!');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recordarme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/pickup'));
    expect(calls[0]).toMatchObject({
      key: 'POST /auth/login',
      body: { email: 'ana@example.mx', password: 'Secreta1!', remember_me: true },
    });
    expect(calls[0]!.headers.get('x-language')).toBe('es');
    expect(readSession()).toMatchObject({ strategy: 'LOCAL', token: 'access-1' });
    expect(await screen.findByRole('heading', { name: 'Recolección' })).toBeInTheDocument();
    // No language was picked here: the account's stays as it is.
    expect(calls.map((call) => call.key)).not.toContain('PATCH /user/change-language');
  });

  it('saves the language picked on the login page on the account, so it sticks', async () => {
    const calls = stubApi({
      'POST /auth/login': () => json(200, { data: makeSession() }),
      'PATCH /user/change-language': (_body, url) =>
        json(200, { data: makeUser({ language: url.searchParams.get('language') as 'en' }) }),
    });
    const router = await renderApp('/auth/login');
    fireEvent.click(screen.getByRole('button', { name: /Cambiar idioma/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    const submit = await screen.findByRole('button', { name: 'Log in' });
    fill('Email', 'ana@example.mx');
    fill('Password', 'Secreta1!');
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const change = calls.find((call) => call.key === 'PATCH /user/change-language');
    expect(change?.headers.get('authorization')).toBe('Bearer access-1');
    expect(readSession()?.user.language).toBe('en');
    expect(i18n.language).toBe('en');
    // Picked once: the next sign-in on this browser follows the account again.
    expect(localStorage.getItem('despacho.language.picked')).toBeNull();
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'El correo o la contraseña no son correctos.', {}],
    // After repeated failures the wait comes from the server, in the user's language.
    [
      429,
      'LOGIN_BACKOFF',
      'Demasiados intentos de inicio de sesión. Intenta de nuevo en 4 min.',
      { minutes: 4, seconds: 240 },
    ],
  ])(
    'shows the server message of a refused sign-in (%s %s)',
    async (status, code, message, details) => {
      stubApi({ 'POST /auth/login': () => json(status, { error: { code, message, details } }) });
      const router = await renderApp('/auth/login');
      fill('Correo electrónico', 'ana@example.mx');
      fill('Contraseña', 'mala');
      fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(readSession()).toBeNull();
    },
  );

  it.each([
    ['PHONE_NOT_VERIFIED', { user_id: 'u-1' }, '/auth/verify?user_id=u-1'],
    ['REGISTRATION_INCOMPLETE', { wizard_token: 'w-1' }, '/auth/wizard/w-1'],
  ])('sends a half-registered user (%s) back to the missing step', async (code, details, to) => {
    stubApi({
      'POST /auth/login': () => json(403, { error: { code, message: '…', details } }),
      'GET /wizard/w-1': () => json(200, { data: { email: 'ana@example.mx', name: 'Ana' } }),
    });
    const router = await renderApp('/auth/login');
    fill('Correo electrónico', 'ana@example.mx');
    fill('Contraseña', 'Secreta1!');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(to),
    );
  });
});
