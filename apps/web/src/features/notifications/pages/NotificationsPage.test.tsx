import type { Notification } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { NotificationsPage } from './NotificationsPage';

const WARNING: Notification = {
  id: '0b6f1c3e-2a4d-4e8f-9b1a-6c7d8e9f0a11',
  kind: 'WARNING',
  title: 'Incidencia en la entrada 12',
  body: 'El almacén registró una incidencia al recibir tu entrada.',
  link: '/app/warehousing/entries/12',
  created_at: '2026-03-02T16:00:00.000Z',
  read: false,
};

function renderPage() {
  saveSession(makeSession(), 'SESSION');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/app/notifications']}>
          <NotificationsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('notifications page', () => {
  it('filters by kind, links each notification to its record and reads them all', async () => {
    const calls = stubApi({
      'GET /notifications/unread': () => json(200, { data: { unread: 1 } }),
      'GET /notifications': (_body, url) =>
        json(200, {
          data: url.searchParams.get('kind') === 'ERROR' ? [] : [WARNING],
          meta: { page: 1, pageSize: 20, total: 1 },
        }),
      'POST /notifications/read-all': () => json(200, { data: { marked: 1 } }),
      'GET /notifications/mail-preferences': () => json(200, { data: { mail: [] } }),
    });
    renderPage();

    expect(await screen.findByText('Incidencia en la entrada 12')).toBeInTheDocument();
    // The kind in words beside its icon and colour.
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Advertencia')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Ver' })).toHaveAttribute(
      'href',
      '/app/warehousing/entries/12',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Error' }));
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(calls.map(({ key }) => key)).toContain('POST /notifications/read-all'),
    );
  });

  it('saves the kinds the user wants by mail', async () => {
    const calls = stubApi({
      'GET /notifications/unread': () => json(200, { data: { unread: 0 } }),
      'GET /notifications': () =>
        json(200, { data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
      'GET /notifications/mail-preferences': () => json(200, { data: { mail: ['ERROR'] } }),
      'PUT /notifications/mail-preferences': (body) => json(200, { data: body }),
    });
    renderPage();

    const error = await screen.findByRole('checkbox', { name: 'Error' });
    expect(error).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Advertencia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    await waitFor(() =>
      expect(calls.find(({ key }) => key === 'PUT /notifications/mail-preferences')?.body).toEqual({
        mail: ['ERROR', 'WARNING'],
      }),
    );
  });
});
