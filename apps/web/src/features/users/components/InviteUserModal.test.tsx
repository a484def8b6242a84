import { ALL_PERMISSIONS, type RoleHolder } from '@despacho/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderInApp } from '../../../test/render';
import { json } from '../../../test/fixtures';
import { InviteUserForm } from './InviteUserModal';

const admin: RoleHolder = {
  id: 'a1',
  role: 'administrator',
  permissions: ALL_PERMISSIONS,
  status: 'active',
};

function renderForm(actor: RoleHolder = admin) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <InviteUserForm actor={actor} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

const INVITATION = {
  id: '3f0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'luis@example.mx',
  name: 'Luis',
  role: 'member',
  permissions: ['shipments.pickup'],
  invited_by: 'Ana López',
  created_at: '2026-03-02T16:00:00.000Z',
  expires_at: '2026-03-09T16:00:00.000Z',
  expired: false,
};

describe('InviteUserForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a member for permissions, then sends the invitation', async () => {
    const calls = stubApi({
      'POST /users/organization-invitation': () => json(201, { data: INVITATION }),
    });
    const onDone = renderForm();
    fill('Correo electrónico', 'Luis@Example.mx');
    fill('Nombre (opcional)', 'Luis');
    expect((radio('Miembro') as HTMLInputElement).checked).toBe(true);
    send();
    expect(await screen.findByText('Agrega al menos un elemento.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Recolección' }));
    send();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      key: 'POST /users/organization-invitation',
      body: {
        email: 'luis@example.mx',
        name: 'Luis',
        role: 'member',
        permissions: ['shipments.pickup'],
      },
    });
  });

  it('hides the permissions for the other roles and lets only owners invite owners', async () => {
    const calls = stubApi({
      'POST /users/organization-invitation': () =>
        json(409, {
          error: {
            code: 'USER_ALREADY_IN_ORGANIZATION',
            message: 'Este correo ya pertenece a un usuario de tu organización.',
          },
        }),
    });
    const onDone = renderForm();
    expect((radio('Dueño') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(radio('Solo envíos'));
    expect(screen.queryByRole('group', { name: 'Permisos' })).toBeNull();
    fill('Correo electrónico', 'ana@example.mx');
    send();
    expect(
      await screen.findByText('Este correo ya pertenece a un usuario de tu organización.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ role: 'shipping' });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers the owner role to owners', () => {
    stubApi({});
    renderForm({ ...admin, role: 'owner' });
    expect((radio('Dueño') as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps a member to what they hold', () => {
    stubApi({});
    renderForm({ id: 'm1', role: 'member', permissions: ['settings.users'], status: 'active' });
    expect((radio('Administrador') as HTMLInputElement).disabled).toBe(true);
    expect((radio('Solo envíos') as HTMLInputElement).disabled).toBe(true);
    const users = screen.getByRole('checkbox', { name: 'Usuarios' }) as HTMLInputElement;
    expect(users.disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Depósitos' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
