import { verificationContract, type Verification } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api-client';
import '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { VerificationReminder } from './VerificationReminder';

const EMPTY = { id: null, address: null, tax_status: null };

function renderReminder(verification: Partial<Verification> | null, permissions?: string[]) {
  saveSession(makeSession(permissions ? { user: makeUser({ permissions }) } : {}), 'SESSION');
  stubApi(
    verification
      ? {
          'GET /verification': () =>
            json(200, {
              data: {
                status: 'not_started',
                person_type: null,
                documents: EMPTY,
                submitted_at: null,
                reviewed_at: null,
                failure_reason: null,
                ...verification,
              },
            }),
        }
      : {},
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <VerificationReminder />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('dashboard verification reminder', () => {
  it('asks an unverified organization to verify, linking to the screen', async () => {
    renderReminder({});
    expect(await screen.findByText('Verifica tu cuenta')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ir a la verificación de cuenta' }).getAttribute('href'),
    ).toBe('/app/settings/verification');
  });

  it('says the documents are under review while in process', async () => {
    renderReminder({ status: 'in_process' });
    expect(await screen.findByText('Verificación en revisión')).toBeInTheDocument();
  });

  it('shows the rejection reason until the merchant resubmits', async () => {
    renderReminder({ status: 'failed', failure_reason: 'La INE está borrosa.' });
    expect(await screen.findByText('Tu verificación fue rechazada')).toBeInTheDocument();
    expect(screen.getByText('Motivo: La INE está borrosa.')).toBeInTheDocument();
  });

  it('offers no link to users who cannot open "Mi empresa"', async () => {
    renderReminder({}, ['dashboard']);
    expect(await screen.findByText('Verifica tu cuenta')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing once verified', async () => {
    const queryClient = renderReminder({ status: 'verified' });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys(verificationContract).current())?.status).toBe(
        'success',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
