import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const failedJob = {
  id: '5d7c1a2b-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  kind: 'outbox.deliver',
  state: 'failed',
  attempts: 9,
  retry_limit: 8,
  error: 'smtp down',
  payload: { id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9' },
  run_at: '2026-03-02T16:00:00.000Z',
  created_at: '2026-03-02T15:00:00.000Z',
};

describe('staff console: background jobs', () => {
  it('lists the jobs out of retries with their error, and retries one', async () => {
    const calls = stubApi({
      'GET /staff/jobs': (_body, url) =>
        json(200, {
          data: url.searchParams.get('state') === 'failed' ? [failedJob] : [],
          meta: { page: 1, pageSize: 20, total: 1 },
        }),
      [`POST /staff/jobs/${failedJob.id}/retry`]: () =>
        json(200, { data: { ...failedJob, state: 'retry' } }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/jobs');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trabajos en segundo plano' }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('smtp down')).closest('tr')!;
    expect(within(row).getByText('outbox.deliver')).toBeInTheDocument();
    expect(within(row).getByText('9 de 9')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Reintentar outbox.deliver' }));
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain(`POST /staff/jobs/${failedJob.id}/retry`),
    );
    expect(
      await screen.findByText('Se reintentará outbox.deliver en el próximo ciclo.'),
    ).toBeInTheDocument();
  });
});
