import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const run = (state: string, extra: object = {}) => ({
  id: '5d7c1a2b-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  kind: 'exit.dispatch',
  organization_id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  subject_type: 'exit',
  subject_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  state,
  step: 'ship',
  failed_step: null,
  error: null,
  created_at: '2026-03-02T15:00:00.000Z',
  updated_at: '2026-03-02T16:00:00.000Z',
  finished_at: null,
  ...extra,
});

describe('staff console: flows', () => {
  it('shows the failed runs with the step that stopped and why, and filters by state', async () => {
    stubApi({
      'GET /staff/flows': (_body, url) =>
        json(200, {
          data:
            url.searchParams.get('state') === 'failed'
              ? [run('failed', { failed_step: 'ship', error: 'connection terminated' })]
              : [run('running', { step: 'buy' })],
          meta: { page: 1, pageSize: 20, total: 1 },
        }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/flows');

    expect(await screen.findByRole('heading', { level: 1, name: 'Flujos' })).toBeInTheDocument();
    const row = (await screen.findByText('connection terminated')).closest<HTMLElement>(
      'tr, [role="listitem"]',
    )!;
    expect(within(row).getByText('Envío de salida')).toBeInTheDocument();
    expect(within(row).getAllByText('Salida del inventario')).toHaveLength(2);
    expect(within(row).getByText('Fallidos')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'En curso' }));
    // The running run is at the guide's purchase, with nothing stopped.
    expect(await screen.findByText('Compra de la guía')).toBeInTheDocument();
  });
});
