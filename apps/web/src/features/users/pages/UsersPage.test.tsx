import type { OrganizationUser } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const owner = makeUser();
const row = (overrides: Partial<OrganizationUser>): OrganizationUser => ({
  id: owner.id,
  email: owner.email,
  name: owner.name,
  last_name: owner.last_name,
  phone_country_code: '+52',
  phone: '5512345678',
  status: 'active',
  role: 'owner',
  permissions: owner.permissions,
  created_at: '2026-03-02T16:00:00.000Z',
  locks: { edit: null, role: 'LAST_OWNER', status: 'CANNOT_DEACTIVATE_SELF' },
  ...overrides,
});
const LUIS = row({
  id: '5d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
  email: 'luis@example.mx',
  name: 'Luis',
  last_name: 'Paz',
  role: 'member',
  permissions: ['dashboard', 'help'],
  locks: { edit: null, role: null, status: null },
});
const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });
const INVITATION = {
  id: '3f0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'marta@example.mx',
  name: null,
  role: 'shipping',
  permissions: [],
  invited_by: 'Ana López',
  created_at: '2026-03-02T16:00:00.000Z',
  expires_at: '2026-03-09T16:00:00.000Z',
  expired: false,
};

describe('settings/users', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists users with their roles; the own status cannot be switched off', async () => {
    const calls = stubApi({
      'GET /users': (_, url) =>
        page(url.searchParams.get('search') === 'luis' ? [LUIS] : [row({}), LUIS]),
      'GET /users/invitations': () => page([INVITATION]),
      [`PUT /user/${LUIS.id}/status`]: () => json(200, { data: { ...LUIS, status: 'inactive' } }),
      [`DELETE /users/invitations/${INVITATION.id}`]: () => json(200, { data: { ok: true } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/users');
    const table = await screen.findByRole('table', { name: 'Usuarios de la organización' });
    expect(within(table).getByText('Luis Paz')).toBeInTheDocument();
    expect(within(table).getByText('Dueño')).toBeInTheDocument();
    expect(within(table).getByText('Miembro')).toBeInTheDocument();
    const self = screen.getByRole('switch', { name: 'Estado de Ana López' }) as HTMLInputElement;
    expect(self.disabled).toBe(true);

    // Deactivating asks first.
    fireEvent.click(screen.getByRole('switch', { name: 'Estado de Luis Paz' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar a Luis Paz?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `PUT /user/${LUIS.id}/status`)?.body).toEqual({
        status: 'inactive',
      }),
    );

    // The search goes to the server.
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'luis' } });
    await waitFor(() => expect(screen.queryByText('Ana López', { selector: 'p' })).toBeNull());

    // Pending invitations can be withdrawn.
    expect(screen.getByRole('heading', { name: 'Invitaciones pendientes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar invitación a marta@example.mx' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `DELETE /users/invitations/${INVITATION.id}`)).toBe(
        true,
      ),
    );
  });

  it('edits a user in a drawer: name, role and permissions', async () => {
    const calls = stubApi({
      'GET /users': () => page([row({}), LUIS]),
      'GET /users/invitations': () => page([]),
      [`PUT /users/update/${LUIS.id}`]: () => json(200, { data: LUIS }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Luis Paz' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect((within(drawer).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Luis');
    expect(
      (within(drawer).getByRole('checkbox', { name: 'Ayuda' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Recolección' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `PUT /users/update/${LUIS.id}`)?.body).toEqual({
        name: 'Luis',
        last_name: 'Paz',
        role: 'member',
        permissions: ['dashboard', 'shipments.pickup', 'help'],
      }),
    );
  });

  it('explains why the last owner keeps the role', async () => {
    stubApi({
      'GET /users': () => page([row({})]),
      'GET /users/invitations': () => page([]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Ana López' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(within(drawer).getByText(/al menos un dueño activo/)).toBeInTheDocument();
    expect(
      (within(drawer).getByRole('radio', { name: /^Administrador/ }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
