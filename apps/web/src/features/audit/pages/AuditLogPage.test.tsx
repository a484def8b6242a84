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

describe('staff console: audit log', () => {
  it('lists staff actions with who, what and where, and shows the state before and after', async () => {
    stubApi({
      'GET /staff/audit': () =>
        json(200, {
          data: [
            {
              id: 'a7d0c2e4-5f7b-4b7e-9d62-3f1b2a4c5d6e',
              action: 'verification.reject',
              subject_type: 'verification',
              subject_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
              organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
              organization_name: 'Abarrotes Don Chuy',
              actor_id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11',
              actor_email: 'operaciones@despacho.mx',
              before: { status: 'in_process' },
              after: { status: 'failed', failure_reason: 'Borrosa' },
              created_at: '2026-03-02T16:00:00.000Z',
            },
            {
              id: 'b8e1d3f5-6a8c-4c8f-8e73-4a2c3b5d6e7f',
              action: 'classification.publish',
              subject_type: 'classification_item',
              subject_id: '7a1b2c3d-8e9f-4a0b-9c1d-3e4f5a6b7c8d',
              organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
              organization_name: 'Abarrotes Don Chuy',
              actor_id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11',
              actor_email: 'revision@despacho.mx',
              before: { status: 'IN_REVIEW', fee_state: 'held' },
              after: { status: 'CLASSIFIED', fee_state: 'captured', code: '6109100100' },
              created_at: '2026-03-02T15:00:00.000Z',
            },
            {
              id: 'c9f2e4a6-7b9d-4d9a-9f84-5b3d4c6e7f8a',
              action: 'deposit.refund_card',
              subject_type: 'deposit',
              subject_id: '5a0c1f1e-8f4e-4f7e-9a3b-2c1d0e9f8a7b',
              organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
              organization_name: 'Abarrotes Don Chuy',
              actor_id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11',
              actor_email: 'tesoreria@despacho.mx',
              before: { status: 'credited', method: 'card' },
              after: { status: 'credited', method: 'card' },
              created_at: '2026-03-02T14:30:00.000Z',
            },
            {
              id: 'c9f2e4a6-7b9d-4d90-9f84-5b3d4c6e7f80',
              action: 'invoice.cancel',
              subject_type: 'invoice',
              subject_id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',
              organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
              organization_name: 'Abarrotes Don Chuy',
              actor_id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11',
              actor_email: 'facturacion@despacho.mx',
              before: { cancellation_status: null },
              after: { cancellation_motive: '02', cancellation_status: 'accepted' },
              created_at: '2026-03-02T14:00:00.000Z',
            },
          ],
          meta: { page: 1, pageSize: 20, total: 3 },
        }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bitácora' })).toBeInTheDocument();
    const row = (await screen.findByText('operaciones@despacho.mx')).closest('tr')!;
    expect(within(row).getByText('Abarrotes Don Chuy')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Rechazó una verificación' }).getAttribute('href'),
    ).toBe('/staff/verifications/0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60');

    const classification = (await screen.findByText('revision@despacho.mx')).closest('tr')!;
    expect(
      within(classification)
        .getByRole('link', { name: 'Aprobó y publicó una clasificación' })
        .getAttribute('href'),
    ).toBe('/staff/classification/7a1b2c3d-8e9f-4a0b-9c1d-3e4f5a6b7c8d');

    // A card deposit's refund leads to the credited card deposits, where the refund is.
    const refund = (await screen.findByText('tesoreria@despacho.mx')).closest('tr')!;
    expect(
      within(refund)
        .getByRole('link', { name: 'Reembolsó a la tarjeta un depósito no usado' })
        .getAttribute('href'),
    ).toBe('/staff/deposits?status=card-credited');

    const invoice = (await screen.findByText('facturacion@despacho.mx')).closest('tr')!;
    expect(
      within(invoice)
        .getByRole('link', { name: 'Pidió al SAT cancelar una factura (CFDI)' })
        .getAttribute('href'),
    ).toBe('/staff/invoices?id=0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1');

    fireEvent.click(within(row).getByRole('button', { name: 'Ver cambios' }));
    expect(screen.getByText(/"failure_reason": "Borrosa"/)).toBeInTheDocument();
    expect(screen.getByText('Antes')).toBeInTheDocument();
  });
});
