import type { Notification } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';

import type { BellSource } from '../api';
import { staffBellSource } from '../staff-notifications-api';
import { NotificationBell } from './NotificationBell';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: '7d1f7f0e-5b1a-4c1e-9a53-2f4b1c6d9e01',
  kind: 'ERROR',
  title: 'Depósito rechazado',
  body: 'Rechazamos tu depósito de $500.00.',
  link: '/app/finance/deposits',
  created_at: '2026-03-02T16:00:00.000Z',
  read: false,
  ...overrides,
});

/** Without transitions (`env="test"`): the popover opens at once. */
function renderBell(source?: BellSource) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <NotificationBell source={source} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('notification bell', () => {
  it('names the unread count and lists the newest, each kind in words', async () => {
    saveSession(makeSession(), 'SESSION');
    const calls = stubApi({
      'GET /notifications/unread': () => json(200, { data: { unread: 3 } }),
      'GET /notifications': () =>
        json(200, {
          data: [
            notification({}),
            notification({
              id: '7d1f7f0e-5b1a-4c1e-9a53-2f4b1c6d9e02',
              kind: 'NEWS',
              title: 'Nuevo horario',
              link: null,
              read: true,
            }),
          ],
          meta: { page: 1, pageSize: 5, total: 2 },
        }),
      'PATCH /notifications/7d1f7f0e-5b1a-4c1e-9a53-2f4b1c6d9e01/read': () =>
        json(200, { data: notification({ read: true }) }),
    });
    renderBell();

    const bell = await screen.findByRole('button', { name: 'Notificaciones: 3 sin leer' });
    expect(screen.getByText('3')).toBeInTheDocument();
    // The list is asked only when the dropdown opens.
    expect(calls.some(({ key }) => key === 'GET /notifications')).toBe(false);

    fireEvent.click(bell);
    expect(await screen.findByText('Depósito rechazado')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Novedad')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Ver todas las notificaciones' }),
    ).toHaveAttribute('href', '/app/notifications');

    fireEvent.click(screen.getByText('Depósito rechazado'));
    await waitFor(() =>
      expect(calls.map(({ key }) => key)).toContain(
        'PATCH /notifications/7d1f7f0e-5b1a-4c1e-9a53-2f4b1c6d9e01/read',
      ),
    );
  });

  it('shows no count when everything is read', async () => {
    saveSession(makeSession(), 'SESSION');
    stubApi({ 'GET /notifications/unread': () => json(200, { data: { unread: 0 } }) });
    renderBell();
    expect(
      await screen.findByRole('button', { name: 'Notificaciones: 0 sin leer' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('in the staff console, reads the staff member’s own notices and marks them all read', async () => {
    saveSession(makeSession({ organization: null }), 'SESSION');
    const calls = stubApi({
      'GET /staff/notifications/unread': () => json(200, { data: { unread: 1 } }),
      'GET /staff/notifications': () =>
        json(200, {
          data: [
            notification({
              kind: 'NOTIFICATION',
              title: 'Tienda Azul respondió el ticket 12: Guía sin movimiento',
              link: '/staff/tickets/5a1f7f0e-5b1a-4c1e-9a53-2f4b1c6d9e07',
            }),
          ],
          meta: { page: 1, pageSize: 5, total: 1 },
        }),
      'POST /staff/notifications/read-all': () => json(200, { data: { marked: 1 } }),
    });
    renderBell(staffBellSource);

    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    expect(
      await screen.findByText('Tienda Azul respondió el ticket 12: Guía sin movimiento'),
    ).toBeInTheDocument();
    // No full page for staff: the bell itself reads them all.
    expect(screen.queryByRole('link', { name: 'Ver todas las notificaciones' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(calls.map(({ key }) => key)).toContain('POST /staff/notifications/read-all'),
    );
    expect(calls.some(({ key }) => key.startsWith('GET /notifications'))).toBe(false);
  });
});
