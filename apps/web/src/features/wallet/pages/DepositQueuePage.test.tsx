import type { StaffDeposit } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
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
  // Notifications outlive a test: a full queue would hold back the next test's message.
  notifications.clean();
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
    expect(screen.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeTruthy();
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

describe('staff/deposits: refund to card', { timeout: 20_000 }, () => {
  const credited = staffDeposit({
    method: 'card',
    status: 'credited',
    origin_bank: null,
    origin_bank_name: null,
    reference_type: null,
    reference_number: null,
    tracking_key: null,
    has_voucher: false,
    card_summary: 'Visa •••• 4242',
    ledger_transaction_id: 'tx',
    credited_at: '2026-03-02T16:01:00.000Z',
  });
  const REFUND = `POST /staff/deposits/${ID}/refund-card`;
  const refundButton = { name: /^Reembolsar a la tarjeta el depósito/ };

  /** Credited card deposits answer only the list that asks for them. */
  const listing = (_body: unknown, url: URL) =>
    page(
      url.searchParams.get('method') === 'card' && url.searchParams.get('status') === 'credited'
        ? [credited]
        : [],
    );

  it('offers the refund on credited card deposits only', async () => {
    stubApi({
      'GET /staff/deposits': (_body, url) =>
        page([
          url.searchParams.get('stuck') === 'true'
            ? staffDeposit({ method: 'card', tracking_key: null })
            : staffDeposit({ status: 'credited', ledger_transaction_id: 'tx' }),
        ]),
    });
    await renderApp('/staff/deposits?status=credited');
    await screen.findByText('Abarrotes Don Chuy');
    expect(screen.queryByRole('button', refundButton)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Tarjetas sin confirmar' }));
    await screen.findByRole('button', { name: /Verificar con el procesador/ });
    expect(screen.queryByRole('button', refundButton)).toBeNull();
  });

  it('states the amount, refunds after confirming and refreshes the list', async () => {
    const calls = stubApi({
      'GET /staff/deposits': listing,
      [REFUND]: () => json(200, { data: credited }),
    });
    await renderApp('/staff/deposits?status=card-credited');
    const row = (await screen.findByText('Abarrotes Don Chuy')).closest('tr')!;
    expect(within(row).getByText('Visa •••• 4242')).toBeTruthy();
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Reembolsar a la tarjeta el depósito de Abarrotes Don Chuy por $300.00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Reembolsar a la tarjeta?' });
    expect(
      within(dialog).getByText(
        'Se reembolsarán $285.50 a la tarjeta Visa •••• 4242 y se descontarán del saldo de Abarrotes Don Chuy.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('La comisión de $14.50 no se devuelve.')).toBeTruthy();
    expect(calls.some((call) => call.key === REFUND)).toBe(false);
    const listed = calls.filter((call) => call.key === 'GET /staff/deposits').length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(
      await screen.findByText(
        'Se reembolsaron $285.50 a la tarjeta Visa •••• 4242 y se descontaron del saldo de Abarrotes Don Chuy.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.key === REFUND)).toHaveLength(1);
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /staff/deposits').length).toBeGreaterThan(
        listed,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says in the dialog why the refund failed', async () => {
    let answer = json(402, {
      error: { code: 'INSUFFICIENT_BALANCE', message: 'Saldo insuficiente para realizar el pago' },
    });
    stubApi({ 'GET /staff/deposits': listing, [REFUND]: () => answer });
    await renderApp('/staff/deposits?status=card-credited');
    fireEvent.click(await screen.findByRole('button', refundButton));
    const dialog = await screen.findByRole('dialog', { name: '¿Reembolsar a la tarjeta?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'El saldo de Abarrotes Don Chuy ya no cubre $285.50: el depósito se gastó y no puede reembolsarse a la tarjeta.',
    );

    // Any other refusal reads as the API wrote it, in the staff member's language.
    answer = json(409, {
      error: {
        code: 'CARD_REFUND_UNAVAILABLE',
        message: 'Este depósito no se puede reembolsar a la tarjeta.',
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Este depósito no se puede reembolsar a la tarjeta.',
      ),
    );
  });
});
