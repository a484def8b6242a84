import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** A row of a table, or its card on a narrow screen. */
const ROW = 'tr, [role="listitem"]';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const provider = (extra: object) => ({
  kind: 'carrier',
  provider: 'dhl_express',
  mode: 'sandbox',
  last_outcome: 'unknown',
  last_success_at: null,
  last_failure_at: null,
  ...extra,
});

const failure = (extra: object) => ({
  id: '5d7c1a2b-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  kind: 'sms',
  provider: 'twilio',
  operation: 'send',
  code: 'rejected',
  http_status: 400,
  provider_code: '21211',
  message: "The 'To' number is not a valid phone number.",
  occurred_at: '2026-03-02T16:00:00.000Z',
  ...extra,
});

describe('staff console: providers', () => {
  it('shows each provider’s mode and last call, and filters its failures by kind and provider', async () => {
    const asked: URLSearchParams[] = [];
    stubApi({
      'GET /staff/providers': () =>
        json(200, {
          data: [
            provider({}),
            provider({
              kind: 'sms',
              provider: 'twilio',
              mode: 'live',
              last_outcome: 'failed',
              last_failure_at: '2026-03-02T16:00:00.000Z',
            }),
          ],
        }),
      'GET /staff/providers/failures': (_body, url) => {
        asked.push(url.searchParams);
        return json(200, {
          data:
            url.searchParams.get('kind') === 'carrier'
              ? [
                  failure({
                    kind: 'carrier',
                    provider: 'dhl_express',
                    operation: 'rate',
                    code: 'timeout',
                    http_status: null,
                    provider_code: null,
                    message: 'no answer in time',
                  }),
                ]
              : [failure({})],
          meta: { page: 1, pageSize: 20, total: 1 },
        });
      },
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/providers');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proveedores' }),
    ).toBeInTheDocument();
    const status = await screen.findByLabelText('Estado por proveedor');
    const twilio = within(status).getByText('Twilio').closest<HTMLElement>(ROW)!;
    expect(within(twilio).getByText('En vivo')).toBeInTheDocument();
    expect(within(twilio).getByText('Falló')).toBeInTheDocument();
    const dhl = within(status).getByText('DHL Express').closest<HTMLElement>(ROW)!;
    expect(within(dhl).getByText('Sandbox')).toBeInTheDocument();
    expect(within(dhl).getByText('Sin llamadas')).toBeInTheDocument();

    const failures = await screen.findByLabelText('Últimas fallas');
    const row = within(failures)
      .getByText("The 'To' number is not a valid phone number.")
      .closest<HTMLElement>(ROW)!;
    expect(within(row).getByText('Rechazada')).toBeInTheDocument();
    expect(within(row).getByText('400 · 21211')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'carrier' } });
    expect(await screen.findByText('no answer in time')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Proveedor'), { target: { value: 'dhl_express' } });
    await waitFor(() =>
      expect(
        asked.some(
          (query) => query.get('kind') === 'carrier' && query.get('provider') === 'dhl_express',
        ),
      ).toBe(true),
    );
  });
});
