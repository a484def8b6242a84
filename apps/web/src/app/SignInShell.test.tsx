import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession } from '../lib/session';
import { stubApi } from '../test/api-stub';
import { json, makeSession } from '../test/fixtures';
import { Entry } from './Entry';
import { PublicProviders } from './PublicProviders';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

/** A cold visit to the login: the sign-in screen alone, as `main.tsx` starts it. */
async function visitLogin(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <PublicProviders>
      <Entry app={null} />
    </PublicProviders>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' });
}

describe('the cold sign-in screen', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('checks the fields with the shared schema before calling the API', async () => {
    const calls = stubApi({});
    await visitLogin('/auth/login');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    // Checked again as the visitor types, as on the app's other forms.
    fill('Correo electrónico', 'ana@');
    expect(await screen.findByText('Ingresa un correo electrónico válido.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in and hands the page to the app, which opens the saved target', async () => {
    const calls = stubApi({ 'POST /auth/login': () => json(200, { data: makeSession() }) });
    await visitLogin('/auth/login?redirect=%2Fapp%2Fpickup');
    fill('Correo electrónico', 'ana@example.mx');
    fill('Contraseña', 'Secreta1!');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(
      await screen.findByRole('heading', { name: 'Recolección' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/pickup');
    expect(calls[0]).toMatchObject({ key: 'POST /auth/login' });
    expect(readSession()).toMatchObject({ strategy: 'SESSION', token: 'access-1' });
    // Replaced, not pushed: going back does not return to the login.
    expect(window.history.length).toBe(1);
  });

  it('follows its links inside the page, into the app', async () => {
    stubApi({});
    await visitLogin('/auth/login');
    fireEvent.click(screen.getByRole('link', { name: 'Regístrate' }));
    expect(
      await screen.findByRole('heading', { name: 'Crea tu cuenta' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/register');
  });
});
