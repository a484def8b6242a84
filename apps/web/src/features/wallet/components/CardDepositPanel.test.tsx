import type { DepositView } from '@despacho/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { queryClient } from '../../../lib/query-client';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { CardDepositPanel } from './CardDepositPanel';

const SANDBOX = {
  available: true,
  provider: 'sandbox',
  publishable_key: 'pk_sandbox_despacho',
  sandbox: true,
  tokens_url: '/sandbox/payments/tokens',
};
const TOKEN = {
  id: 'tok_sandbox_abcdefghijklmnop',
  card: { brand: 'visa', last4: '4242' },
  expires_at: '2026-03-02T16:15:00.000Z',
};
const credited: DepositView = {
  id: '0d6c6c1e-8f0e-4c1a-9a55-2f7f0f0b8a11',
  method: 'card',
  status: 'credited',
  amount_centavos: 30_000,
  fee_centavos: 1_450,
  net_centavos: 28_550,
  origin_bank: null,
  origin_bank_name: null,
  reference_type: null,
  reference_number: null,
  tracking_key: null,
  has_voucher: false,
  card_summary: 'Visa •••• 4242',
  reject_reason: null,
  ledger_transaction_id: '1d6c6c1e-8f0e-4c1a-9a55-2f7f0f0b8a11',
  created_at: '2026-03-02T16:00:00.000Z',
  credited_at: '2026-03-02T16:00:00.000Z',
};

function renderPanel() {
  queryClient.clear();
  saveSession(makeSession(), 'SESSION');
  renderInApp(<CardDepositPanel />);
}

const input = (label: string) => screen.getByLabelText(label, { exact: false });

async function fillForm(amount: string) {
  fireEvent.change(await screen.findByLabelText('Monto a depositar (MXN)', { exact: false }), {
    target: { value: amount },
  });
  fireEvent.change(input('Número de tarjeta'), { target: { value: '4242 4242 4242 4242' } });
  fireEvent.change(input('Vencimiento'), { target: { value: '12/30' } });
  fireEvent.change(input('Código de seguridad'), { target: { value: '123' } });
  fireEvent.change(input('Nombre del titular'), { target: { value: 'Ana López' } });
}

// The tests fill a whole form and go through two screens: on a busy machine they take longer
// than the 5 s default.
describe('CardDepositPanel', () => {
  afterEach(() => {
    clearSession();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  const pendingAttempts = () =>
    Object.keys(window.sessionStorage).filter((key) =>
      key.startsWith('despacho.card-deposit.pending'),
    );

  it('keeps the confirmation across a reload mid-charge and sends it again with the same key', async () => {
    // The first charge never answers: the merchant reloads while it is under way.
    const first = stubApi({
      'GET /deposits/card/config': () => json(200, { data: SANDBOX }),
      'POST /sandbox/payments/tokens': () => json(201, { data: TOKEN }),
      'POST /deposits/card': () => new Promise<Response>(() => {}) as unknown as Response,
    });
    renderPanel();
    await fillForm('300');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar depósito de $300.00' }));
    await waitFor(() =>
      expect(first.filter((call) => call.key === 'POST /deposits/card')).toHaveLength(1),
    );
    const sentKey = first
      .find((call) => call.key === 'POST /deposits/card')!
      .headers.get('idempotency-key');
    expect(pendingAttempts()).toHaveLength(1);
    // Only the token and the key are kept, never the card.
    expect(JSON.stringify(window.sessionStorage)).not.toMatch(/4242 4242|"cvc"|Ana López/);

    cleanup();
    vi.unstubAllGlobals();
    const second = stubApi({
      'GET /deposits/card/config': () => json(200, { data: SANDBOX }),
      'POST /deposits/card': () => json(200, { data: credited }),
    });
    renderPanel();
    expect(
      await screen.findByText('Depósito acreditado: $285.50 ya están en tu saldo.'),
    ).toBeTruthy();
    const resent = second.filter((call) => call.key === 'POST /deposits/card');
    expect(resent).toHaveLength(1);
    expect(resent[0]!.headers.get('idempotency-key')).toBe(sentKey);
    expect(resent[0]!.body).toEqual({ amount: '300', token: TOKEN.id });
    // The answer arrived: the attempt is forgotten, and another reload sends nothing.
    expect(pendingAttempts()).toEqual([]);
    cleanup();
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeTruthy();
    expect(second.filter((call) => call.key === 'POST /deposits/card')).toHaveLength(1);
  }, 20_000);

  it('sends the card to the sandbox only, shows the fee and the net, and charges the token once confirmed', async () => {
    const calls = stubApi({
      'GET /deposits/card/config': () => json(200, { data: SANDBOX }),
      'POST /sandbox/payments/tokens': () => json(201, { data: TOKEN }),
      'POST /deposits/card': () => json(201, { data: credited }),
    });
    renderPanel();
    expect(await screen.findByText('Modo sandbox — usa las tarjetas de prueba')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Tarjetas de prueba' }).textContent).toContain(
      '4000 0000 0000 0069',
    );

    await fillForm('300');
    const summary = await screen.findByRole('table', { name: 'Resumen del depósito' });
    expect(summary.textContent).toContain('Comisión$14.50 IVA incluido, por ser menor a $500.00');
    expect(summary.textContent).toContain('Recibirás $285.50');

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Tarjeta: Visa •••• 4242')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar depósito de $300.00' }));
    expect(
      await screen.findByText('Depósito acreditado: $285.50 ya están en tu saldo.'),
    ).toBeTruthy();

    const tokenCall = calls.find((call) => call.key === 'POST /sandbox/payments/tokens')!;
    expect(tokenCall.body).toMatchObject({ card_number: '4242 4242 4242 4242', cvc: '123' });
    const deposit = calls.find((call) => call.key === 'POST /deposits/card')!;
    expect(deposit.body).toEqual({ amount: '300', token: TOKEN.id });
    expect(deposit.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    // No call to our API carries card data.
    const apiBodies = calls
      .filter((call) => !call.key.startsWith('POST /sandbox'))
      .map((call) => JSON.stringify(call.body ?? ''));
    expect(apiBodies.some((body) => /4242 ?4242|"cvc"/.test(body))).toBe(false);
  }, 15_000);

  it('shows the provider’s reason when the card is declined and goes back to the form', async () => {
    stubApi({
      'GET /deposits/card/config': () => json(200, { data: SANDBOX }),
      'POST /sandbox/payments/tokens': () => json(201, { data: TOKEN }),
      'POST /deposits/card': () =>
        json(402, {
          error: {
            code: 'CARD_DECLINED',
            message: 'Tu tarjeta fue rechazada: Fondos insuficientes.',
            details: { decline_code: 'insufficient_funds' },
          },
        }),
    });
    renderPanel();
    await fillForm('800');
    const summary = await screen.findByRole('table', { name: 'Resumen del depósito' });
    expect(within(summary).getByRole('row', { name: 'Comisión Sin comisión' })).toBeTruthy();
    expect(summary.textContent).not.toContain('menor a');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar depósito de $800.00' }));
    expect(await screen.findByText('Tu tarjeta fue rechazada: Fondos insuficientes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    // Declined is an answer: nothing is left to resend.
    expect(pendingAttempts()).toEqual([]);
  }, 15_000);

  it('checks the card before sending it anywhere', async () => {
    const calls = stubApi({ 'GET /deposits/card/config': () => json(200, { data: SANDBOX }) });
    renderPanel();
    await fillForm('10.123');
    fireEvent.change(input('Número de tarjeta'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Usa máximo 2 decimales.')).toBeTruthy();
    expect(screen.getByText('Revisa el número de la tarjeta: no es válido.')).toBeTruthy();
    expect(calls.map((call) => call.key)).toEqual(['GET /deposits/card/config']);
  }, 15_000);

  it('offers no form when no provider is configured', async () => {
    stubApi({
      'GET /deposits/card/config': () =>
        json(200, {
          data: {
            ...SANDBOX,
            available: false,
            provider: 'none',
            sandbox: false,
            tokens_url: null,
          },
        }),
    });
    renderPanel();
    expect(await screen.findByText(/no están disponibles/)).toBeTruthy();
    expect(screen.queryByLabelText('Número de tarjeta', { exact: false })).toBeNull();
  });
});
