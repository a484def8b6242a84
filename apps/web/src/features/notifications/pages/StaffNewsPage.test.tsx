import type { StaffNews } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { StaffNewsPage } from './StaffNewsPage';

const NEWS: StaffNews = {
  id: '3c9a2b1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  title_es: 'Nuevo horario del almacén',
  title_en: 'New warehouse hours',
  body_es: 'Abrimos a las 8.',
  body_en: 'We open at 8.',
  audience: 'online_store',
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: null,
  created_at: '2026-02-28T00:00:00.000Z',
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('staff news page', () => {
  it('lists news with its audience and state, and ends one', async () => {
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    const calls = stubApi({
      'GET /staff/news': () =>
        json(200, { data: [NEWS], meta: { page: 1, pageSize: 20, total: 1 } }),
      [`POST /staff/news/${NEWS.id}/end`]: () =>
        json(200, { data: { ...NEWS, ends_at: new Date().toISOString() } }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <StaffNewsPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );

    expect((await screen.findAllByText('Nuevo horario del almacén')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Comercios con tienda en línea').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Vigente').length).toBeGreaterThan(0);

    fireEvent.click(
      screen.getAllByRole('button', { name: 'Terminar: Nuevo horario del almacén' })[0]!,
    );
    await waitFor(() =>
      expect(calls.map(({ key }) => key)).toContain(`POST /staff/news/${NEWS.id}/end`),
    );
  });
});
