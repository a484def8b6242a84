import type { StaffDeposit } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ID = '5a0c1f1e-8f4e-4f7e-9a3b-2c1d0e9f8a7b';

function staffDeposit(overrides: Partial<StaffDeposit> = {}): StaffDeposit {
  return {
    id: ID,
    method: 'spei',
    status: 'pending',
    amount_centavos: 30_000,
    fee_centavos: 1_450,
    net_centavos: 28_550,
    origin_bank: '012',
    origin_bank_name: 'BBVA México',
    reference_type: 'concept',
    reference_number: 'PAGO SALDO DESPACHO 01',
    tracking_key: 'MBAN0001',
    has_voucher: true,
    card_summary: null,
    reject_reason: null,
    ledger_transaction_id: null,
    created_at: '2026-03-02T16:00:00.000Z',
    credited_at: null,
    organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
    organization_name: 'Abarrotes Don Chuy',
    reviewed_at: null,
    ...overrides,
  };
}

const page = (data: StaffDeposit[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

beforeEach(() => {
  saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('staff/deposits', { timeout: 20_000 }, () => {
  it('lists pending SPEI notifications and approves one after confirming', async () => {
    let approved = false;
    const calls = stubApi({
      'GET /staff/deposits': (_body, url) =>
        page(url.searchParams.get('status') === 'pending' && !approved ? [staffDeposit()] : []),
      [`POST /staff/deposits/${ID}/approve`]: () => {
        approved = true;
        return json(200, {
          data: staffDeposit({ status: 'credited', ledger_transaction_id: 'tx' }),
        });
      },
    });
    await renderApp('/staff/deposits');
    expect(screen.getByRole('heading', { level: 1, name: 'Depósitos SPEI' })).toBeTruthy();
    const row = (await screen.findByText('Abarrotes Don Chuy')).closest('tr')!;
    expect(within(row).getByText('$300.00')).toBeTruthy();
    expect(within(row).getByText('Abono $285.50 · comisión $14.50')).toBeTruthy();
    expect(within(row).getByText('BBVA México')).toBeTruthy();
    expect(within(row).getByText('MBAN0001')).toBeTruthy();
    expect(
      within(row).getByRole('button', {
        name: 'Abrir comprobante de Abarrotes Don Chuy (MBAN0001)',
      }),
    ).toBeTruthy();
    const list = calls.find((call) => call.key === 'GET /staff/deposits');
    expect(list).toBeTruthy();

    fireEvent.click(
      within(row).getByRole('button', { name: 'Aprobar depósito MBAN0001 de Abarrotes Don Chuy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Aprobar el depósito?' });
    expect(
      within(dialog).getByText(/Se abonarán \$285\.50 al saldo de Abarrotes Don Chuy/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(
      await screen.findByText('Depósito de Abarrotes Don Chuy aprobado: se abonaron $285.50.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No hay depósitos en esta lista.')).toBeTruthy());
  });

  it('rejects with a reason checked like the API checks it', async () => {
    const calls = stubApi({
      'GET /staff/deposits': () => page([staffDeposit()]),
      [`POST /staff/deposits/${ID}/reject`]: (body) =>
        json(200, {
          data: staffDeposit({
            status: 'rejected',
            reject_reason: (body as { reason: string }).reason,
          }),
        }),
    });
    await renderApp('/staff/deposits');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Rechazar depósito MBAN0001 de Abarrotes Don Chuy',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar depósito' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' });
    fireEvent.change(reason, { target: { value: 'Mal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe al menos 5 caracteres.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'El comprobante no coincide' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Depósito de Abarrotes Don Chuy rechazado.')).toBeTruthy();
    expect(calls.find((call) => call.key === `POST /staff/deposits/${ID}/reject`)?.body).toEqual({
      reason: 'El comprobante no coincide',
    });
  });

  it('lists card deposits whose answer was lost and verifies them with the processor', async () => {
    const card = staffDeposit({
      method: 'card',
      origin_bank: null,
      origin_bank_name: null,
      reference_type: null,
      reference_number: null,
      tracking_key: null,
      has_voucher: false,
    });
    let verified = false;
    const calls = stubApi({
      'GET /staff/deposits': (_body, url) =>
        page(url.searchParams.get('stuck') === 'true' && !verified ? [card] : []),
      [`POST /staff/deposits/${ID}/verify-card`]: () => {
        verified = true;
        return json(200, {
          data: { ...card, status: 'credited', card_summary: 'Visa •••• 4242' },
        });
      },
    });
    await renderApp('/staff/deposits?status=card');
    const row = (await screen.findByText('Abarrotes Don Chuy')).closest('tr')!;
    expect(within(row).getByText('Sin datos aún')).toBeTruthy();
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Verificar con el procesador el depósito con tarjeta de Abarrotes Don Chuy por $300.00',
      }),
    );
    expect(
      await screen.findByText(
        'El procesador aprobó el cobro: se abonaron $285.50 al saldo de Abarrotes Don Chuy.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.key === `POST /staff/deposits/${ID}/verify-card`)).toBe(true);
    await waitFor(() => expect(screen.getByText('No hay depósitos en esta lista.')).toBeTruthy());
  });

  it('says so when the processor has no charge yet', async () => {
    stubApi({
      'GET /staff/deposits': () => page([staffDeposit({ method: 'card', tracking_key: null })]),
      [`POST /staff/deposits/${ID}/verify-card`]: () =>
        json(409, {
          error: {
            code: 'CARD_CHARGE_UNRESOLVED',
            message: 'El procesador de pagos aún no registra un cobro para este depósito.',
          },
        }),
    });
    await renderApp('/staff/deposits?status=card');
    fireEvent.click(
      await screen.findByRole('button', { name: /Verificar con el procesador el depósito/ }),
    );
    expect(
      await screen.findByText(
        'El procesador de pagos aún no registra un cobro para este depósito.',
      ),
    ).toBeTruthy();
  });
});
