import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const INFO = {
  email: 'luis@example.mx',
  name: 'Luis',
  organization: 'Comercial Jade',
  inviter: 'Ana López',
  role: 'member',
};
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('invitation', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows who invites, creates the user and lands signed in on their home', async () => {
    const member = makeUser({ email: INFO.email, role: 'member', permissions: ['dashboard'] });
    const calls = stubApi({
      'GET /users/invitation/validate-token': () => json(200, { data: INFO }),
      'POST /users/create-by-invitation': () => json(201, { data: makeSession({ user: member }) }),
    });
    const router = await renderApp('/invitation?token=tok-1');
    expect(
      await screen.findByText(/Ana López te invitó a Comercial Jade como miembro/),
    ).toBeInTheDocument();
    fill('Nombre', 'Luis');
    fill('Apellido', 'Paz');
    fill('Teléfono', '5512345678');
    fill('Contraseña', 'Secreta1!');
    fill('Confirmar contraseña', 'Secreta1!');
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi usuario' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const accepted = calls.find((call) => call.key === 'POST /users/create-by-invitation');
    expect(accepted?.body).toMatchObject({ name: 'Luis', last_name: 'Paz', phone: '5512345678' });
    expect(calls[0]?.key).toBe('GET /users/invitation/validate-token');
    expect(readSession()).toMatchObject({ strategy: 'SESSION', user: { email: INFO.email } });
  });

  it('sends a used, expired or wrong link to the invalid-token page', async () => {
    stubApi({
      'GET /users/invitation/validate-token': () =>
        json(400, { error: { code: 'TOKEN_EXPIRED', message: 'El enlace ha expirado.' } }),
    });
    const router = await renderApp('/auth/invitation?token=old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/invalid-token'));
  });
});
