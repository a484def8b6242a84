import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const USER_ID = '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11';
const signupResult = (resendIn: number) =>
  json(200, {
    data: {
      id: USER_ID,
      email: 'ana@example.mx',
      phone_masked: '+52 ••••••5678',
      resend_available_in: resendIn,
    },
  });

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** The six inputs of the SMS code, in order, inside their one labelled group. */
const codeDigits = () =>
  within(screen.getByRole('group', { name: 'Código de verificación' })).getAllByRole('textbox');

describe('sign-up', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it(
    'goes from email to details to the phone code to the company, and signs in',
    { timeout: 15_000 },
    async () => {
      const calls = stubApi({
        'POST /users': () => signupResult(60),
        [`PUT /users/${USER_ID}`]: () => signupResult(0),
        [`POST /user/verify-code/resend`]: () => json(200, { data: { resend_available_in: 60 } }),
        [`PATCH /user/verify-code/${USER_ID}/123456`]: () =>
          json(200, { data: { user_id: USER_ID, wizard_token: 'wiz-1' } }),
        'GET /wizard/wiz-1': () => json(200, { data: { email: 'ana@example.mx', name: 'Ana' } }),
        'POST /wizard/wiz-1': () => json(200, { data: makeSession() }),
      });
      const router = await renderApp('/auth/register');

      fill('Correo electrónico', 'ana@example.mx');
      click('Continuar');
      expect(
        await screen.findByText('Estás creando la cuenta de ana@example.mx.'),
      ).toBeInTheDocument();

      fill('Nombre', 'Ana');
      fill('Apellido', 'López');
      fill('Teléfono', '5512345678');
      fill('Contraseña', 'secreta');
      expect(screen.getByText('Al menos 6 caracteres')).toBeInTheDocument();
      click('Crear cuenta');
      expect(
        await screen.findByText(/La contraseña debe tener al menos 6 caracteres/),
      ).toBeInTheDocument();
      fill('Contraseña', 'Secreta1!');
      fill('Confirmar contraseña', 'Secreta1!');
      click('Crear cuenta');

      await waitFor(() => expect(router.state.location.search).toBe(`?user_id=${USER_ID}`));
      expect(calls[1]).toMatchObject({
        body: {
          name: 'Ana',
          last_name: 'López',
          phone_country_code: '+52',
          phone: '5512345678',
          password: 'Secreta1!',
        },
      });
      expect(await screen.findByText(/enviamos por SMS al \+52 ••••••5678/)).toBeInTheDocument();

      click('Reenviar código');
      expect(await screen.findByText('Podrás pedir otro código en 60 s.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reenviar código' })).toHaveProperty(
        'disabled',
        true,
      );

      const digits = codeDigits();
      expect(digits.map((digit) => digit.getAttribute('aria-label'))).toEqual(
        [1, 2, 3, 4, 5, 6].map((index) => `Dígito ${index} de 6`),
      );
      expect(new Set(digits.map((digit) => digit.id)).size).toBe(6);
      fireEvent.change(digits[0]!, { target: { value: '123456' } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/wizard/wiz-1'));
      expect(await screen.findByText('Hola, Ana: registra tu empresa')).toBeInTheDocument();

      fill('Empresa', 'Comercial Jade');
      fill('Abreviatura', 'jade');
      fireEvent.click(screen.getByRole('radio', { name: 'Libras y pulgadas' }));
      click('Finalizar registro');

      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
      expect(calls.find((call) => call.key === 'POST /wizard/wiz-1')?.body).toEqual({
        company: 'Comercial Jade',
        default_currency: 'MXN',
        default_unit: 'lb',
        abbreviation: 'JADE',
      });
      expect(readSession()?.strategy).toBe('SESSION');
    },
  );

  it('shows the server message for a wrong code', async () => {
    stubApi({
      [`PATCH /user/verify-code/${USER_ID}/000000`]: () =>
        json(400, { error: { code: 'CODE_INVALID', message: 'El código no es correcto.' } }),
    });
    await renderApp(`/auth/verify?user_id=${USER_ID}`);
    fireEvent.change(codeDigits()[0]!, { target: { value: '000000' } });
    expect(await screen.findByText('El código no es correcto.')).toBeInTheDocument();
  });

  it('sends a refused wizard link to the invalid-token page', async () => {
    stubApi({
      'GET /wizard/old': () =>
        json(400, { error: { code: 'TOKEN_EXPIRED', message: 'El enlace ha expirado.' } }),
    });
    const router = await renderApp('/auth/wizard/old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/invalid-token'));
    expect(
      await screen.findByRole('heading', { name: 'Este enlace no es válido' }),
    ).toBeInTheDocument();
  });
});
