import type { BankTransferView } from '@despacho/domain';
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

const ORGANIZATION_ID = '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60';

const transfer = (overrides: Partial<BankTransferView> = {}): BankTransferView => ({
  id: 'a7d0c2e4-5f7b-4b7e-9d62-3f1b2a4c5d6e',
  source: 'webhook',
  bank_reference: '20260302-012-MBAN01',
  tracking_key: 'MBAN01',
  operation_date: '2026-03-02',
  beneficiary_clabe: '646180218099999999',
  sender_clabe: '012180001234567891',
  sender_bank: '012',
  sender_bank_name: 'BBVA México',
  sender_name: 'Abarrotes Don Chuy',
  amount_centavos: 150_000,
  concept: 'Recarga',
  received_at: '2026-03-02T16:00:00.000Z',
  status: 'unmatched',
  unmatched_reason: 'unknown_clabe',
  organization_id: null,
  organization_name: null,
  deposit_id: null,
  ledger_transaction_id: null,
  return_reason: null,
  resolved_at: null,
  created_at: '2026-03-02T16:00:00.000Z',
  ...overrides,
});

describe('staff console: SPEI transfers', () => {
  it(
    'shows the queue and assigns a transfer to the organization staff search for',
    {
      timeout: 15_000,
    },
    async () => {
      const calls = stubApi({
        'GET /staff/bank-transfers': () =>
          json(200, { data: [transfer()], meta: { page: 1, pageSize: 20, total: 1 } }),
        'GET /staff/bank-transfers/organizations': () =>
          json(200, {
            data: [
              { id: ORGANIZATION_ID, company: 'Comercio Prueba', clabe: '646180218000000017' },
            ],
          }),
        [`POST /staff/bank-transfers/${transfer().id}/assign`]: () =>
          json(200, {
            data: transfer({
              status: 'credited',
              unmatched_reason: null,
              organization_id: ORGANIZATION_ID,
              organization_name: 'Comercio Prueba',
            }),
          }),
      });
      saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
      await renderApp('/staff/bank-transfers');

      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Transferencias SPEI' },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      const row = (await screen.findByText('MBAN01')).closest('tr')!;
      expect(within(row).getByText('$1,500.00')).toBeInTheDocument();
      expect(within(row).getByText('CLABE sin dueño')).toBeInTheDocument();

      fireEvent.click(within(row).getByRole('button', { name: 'Asignar la transferencia MBAN01' }));
      const dialog = await screen.findByRole('dialog', { name: 'Asignar transferencia' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Acreditar' }));
      expect(await within(dialog).findByText('Elige la organización.')).toBeInTheDocument();

      const select = within(dialog).getByLabelText(/Organización/);
      fireEvent.click(select);
      fireEvent.change(select, { target: { value: 'Comercio' } });
      fireEvent.click(
        await screen.findByText('Comercio Prueba · 646180218000000017', {}, { timeout: 3000 }),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Acreditar' }));
      await waitFor(() =>
        expect(calls.find((call) => call.key.endsWith('/assign'))?.body).toEqual({
          organization_id: ORGANIZATION_ID,
        }),
      );
    },
  );

  it('imports a statement and shows what became of its transfers', async () => {
    const calls = stubApi({
      'GET /staff/bank-transfers': () =>
        json(200, { data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
      'POST /staff/bank-statements': () =>
        json(200, {
          data: { rows: 7, credited: 3, matched_notifications: 2, unmatched: 1, duplicates: 1 },
        }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/bank-transfers');
    expect(
      await screen.findByText('No hay transferencias por conciliar.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    const file = new File(['fecha,clave_rastreo\n'], 'estado.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Archivo CSV del estado de cuenta'), {
      target: { files: [file] },
    });
    expect(await screen.findByText('Se leyeron 7 movimientos')).toBeInTheDocument();
    expect(screen.getByTestId('count-matched_notifications').textContent).toBe('2');
    expect(screen.getByTestId('count-duplicates').textContent).toBe('1');
    expect(
      (calls.find((call) => call.key === 'POST /staff/bank-statements')?.body as FormData).get(
        'file',
      ),
    ).toBeInstanceOf(File);
  });

  it('shows why the bank refused a statement', async () => {
    stubApi({
      'GET /staff/bank-transfers': () =>
        json(200, { data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
      'POST /staff/bank-statements': () =>
        json(400, {
          error: {
            code: 'BANK_STATEMENT_INVALID',
            message: 'La línea 3 del estado de cuenta no es válida.',
          },
        }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/bank-transfers');
    const file = new File(['x'], 'estado.csv', { type: 'text/csv' });
    fireEvent.change(
      await screen.findByLabelText('Archivo CSV del estado de cuenta', {}, { timeout: 5000 }),
      {
        target: { files: [file] },
      },
    );
    expect(
      await screen.findByText('La línea 3 del estado de cuenta no es válida.'),
    ).toBeInTheDocument();
  });
});
