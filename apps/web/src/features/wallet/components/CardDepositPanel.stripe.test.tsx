import type { DepositView } from '@despacho/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { CardDepositPanel } from './CardDepositPanel';

/**
 * Stripe.js stands in here for the script Stripe serves: jsdom cannot run Stripe's frames, so
 * what is checked is that the screen loads it for Stripe only, mounts its card element, and
 * sends our API the PaymentMethod it makes, never card data.
 */
const stripeJs = vi.hoisted(() => {
  const card = { mount: vi.fn(), destroy: vi.fn() };
  const client = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn(async () => ({
      paymentMethod: { id: 'pm_1TestDespacho', card: { brand: 'visa', last4: '4242' } },
    })),
  };
  return { card, client, loadStripe: vi.fn(async () => client) };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const STRIPE = {
  available: true,
  provider: 'stripe',
  publishable_key: 'pk_test_51Despacho',
  sandbox: true,
  tokens_url: null,
};
const SANDBOX = {
  available: true,
  provider: 'sandbox',
  publishable_key: 'pk_sandbox_despacho',
  sandbox: true,
  tokens_url: '/sandbox/payments/tokens',
};
const credited = {
  id: '0d6c6c1e-8f0e-4c1a-9a55-2f7f0f0b8a11',
  method: 'card',
  status: 'credited',
  amount_centavos: 80_000,
  fee_centavos: 0,
  net_centavos: 80_000,
  card_summary: 'Visa •••• 4242',
} as Partial<DepositView>;

function renderPanel() {
  queryClient.clear();
  saveSession(makeSession(), 'SESSION');
  renderInApp(<CardDepositPanel />);
}

describe('CardDepositPanel with Stripe', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    clearSession();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it("takes the card in Stripe's element and sends our API its PaymentMethod only", async () => {
    const calls = stubApi({
      'GET /deposits/card/config': () => json(200, { data: STRIPE }),
      'POST /deposits/card': () => json(201, { data: credited }),
    });
    renderPanel();
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_51Despacho', { locale: 'es' });
    // No card field of ours: number, expiry and CVC live in Stripe's frames.
    expect(screen.queryByLabelText('Número de tarjeta', { exact: false })).toBeNull();
    expect(screen.getByText(/Modo de prueba de Stripe/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Monto a depositar (MXN)', { exact: false }), {
      target: { value: '800' },
    });
    fireEvent.change(screen.getByLabelText('Nombre del titular', { exact: false }), {
      target: { value: 'Ana López' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Tarjeta: Visa •••• 4242')).toBeTruthy();
    expect(stripeJs.client.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: stripeJs.card,
      billing_details: { name: 'Ana López' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar depósito de $800.00' }));
    expect(await screen.findByText(/Depósito acreditado/)).toBeTruthy();
    const deposit = calls.find((call) => call.key === 'POST /deposits/card')!;
    expect(deposit.body).toEqual({ amount: '800', token: 'pm_1TestDespacho' });
    expect(calls.some((call) => call.key.startsWith('POST /sandbox'))).toBe(false);
  }, 15_000);

  it("shows Stripe's own message when it refuses the card, and charges nothing", async () => {
    stripeJs.client.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'validation_error', message: 'El número de tu tarjeta está incompleto.' },
    } as never);
    const calls = stubApi({ 'GET /deposits/card/config': () => json(200, { data: STRIPE }) });
    renderPanel();
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    fireEvent.change(screen.getByLabelText('Monto a depositar (MXN)', { exact: false }), {
      target: { value: '800' },
    });
    fireEvent.change(screen.getByLabelText('Nombre del titular', { exact: false }), {
      target: { value: 'Ana López' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El número de tu tarjeta está incompleto.')).toBeTruthy();
    expect(calls.map((call) => call.key)).toEqual(['GET /deposits/card/config']);
  }, 15_000);

  it('never loads Stripe.js for the sandbox, whose own form stays as it is', async () => {
    stubApi({ 'GET /deposits/card/config': () => json(200, { data: SANDBOX }) });
    renderPanel();
    expect(await screen.findByLabelText('Número de tarjeta', { exact: false })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Tarjetas de prueba' })).toBeTruthy();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
