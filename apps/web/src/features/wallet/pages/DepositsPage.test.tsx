import type { DepositView } from '@despacho/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ACCOUNT = {
  clabe: '646180218000000011',
  bank_name: 'STP',
  beneficiary: 'Despacho - Comercial Jade',
  sandbox: true,
};

const deposit = (overrides: Partial<DepositView> = {}): DepositView => ({
  id: '5a0c1f1e-8f4e-4f7e-9a3b-2c1d0e9f8a7b',
  method: 'spei',
  status: 'pending',
  amount_centavos: 125_000,
  fee_centavos: 0,
  net_centavos: 125_000,
  origin_bank: '012',
  origin_bank_name: 'BBVA México',
  reference_type: 'concept',
  reference_number: 'DEPOSITO DESPACHO 0001',
  tracking_key: 'MBAN01002603020001',
  has_voucher: true,
  card_summary: null,
  reject_reason: null,
  ledger_transaction_id: null,
  created_at: '2026-03-02T16:00:00.000Z',
  credited_at: null,
  ...overrides,
});

/** The input a label names (the label may end in the required asterisk). */
const field = (label: string) =>
  screen
    .getAllByLabelText(new RegExp(`^${label}\\s*\\*?$`))
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const preview = () => screen.queryByRole('status')?.textContent ?? null;

function stubDeposits(extra: Parameters<typeof stubApi>[0] = {}, list: DepositView[] = []) {
  return stubApi({
    'GET /deposits/spei-account': () => json(200, { data: ACCOUNT }),
    'GET /deposits': () =>
      json(200, { data: list, meta: { page: 1, pageSize: 10, total: list.length } }),
    'GET /wallet/balance': () =>
      json(200, { data: { available_centavos: 0, on_hold_centavos: 0, currency: 'MXN' } }),
    ...extra,
  });
}

async function openPage() {
  saveSession(makeSession(), 'SESSION');
  await renderApp('/app/finance/deposits');
  expect(screen.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeTruthy();
  await screen.findByText('646 180 21800000001 1');
}

async function fillForm() {
  type('Monto transferido', '1,250.00');
  const bank = field('Banco de origen');
  fireEvent.click(bank);
  fireEvent.change(bank, { target: { value: 'BBVA' } });
  fireEvent.click(await screen.findByRole('option', { name: 'BBVA México (012)', hidden: true }));
  fireEvent.click(screen.getByRole('radio', { name: 'Concepto de pago' }));
  type('Referencia', 'DEPOSITO DESPACHO 0001');
  type('Clave de rastreo', 'mban01002603020001');
  const voucher = new File(['%PDF-1.7 comprobante'], 'comprobante.pdf', {
    type: 'application/pdf',
  });
  fireEvent.change(screen.getByLabelText('Archivo del comprobante'), {
    target: { files: [voucher] },
  });
  return voucher;
}

describe('finance/deposits', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the receiving CLABE grouped 3-3-11-1, its bank, beneficiary and the SPEI delay', async () => {
    stubDeposits();
    await openPage();
    const card = screen.getByRole('region', { name: 'Tu CLABE para depósitos' });
    expect(within(card).getByText('STP')).toBeTruthy();
    expect(within(card).getByText('Despacho - Comercial Jade')).toBeTruthy();
    expect(within(card).getByText('Sandbox')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copiar CLABE' })).toBeTruthy();
    expect(
      within(card).getByText('Los depósitos por SPEI se reflejan en tu saldo de 2 a 3 horas.'),
    ).toBeTruthy();
    // Room for the card deposit beside SPEI.
    expect(screen.getByRole('tab', { name: 'Tarjeta' })).toBeTruthy();
  });

  it('previews the fee below 500 MXN and the net before submitting', async () => {
    stubDeposits();
    await openPage();
    expect(preview()).toBeNull();
    type('Monto transferido', '300');
    await waitFor(() =>
      expect(preview()).toBe(
        'Se cobrará una comisión de $14.50 (IVA incluido); recibirás $285.50.',
      ),
    );
    type('Monto transferido', '499.99');
    await waitFor(() =>
      expect(preview()).toBe(
        'Se cobrará una comisión de $14.50 (IVA incluido); recibirás $485.49.',
      ),
    );
    type('Monto transferido', '1,250');
    await waitFor(() => expect(preview()).toBe('Sin comisión: recibirás $1,250.00.'));
    type('Monto transferido', '500');
    await waitFor(() => expect(preview()).toBe('Sin comisión: recibirás $500.00.'));
    // Nothing to preview for an amount the form refuses.
    type('Monto transferido', '10');
    await waitFor(() => expect(preview()).toBeNull());
  });

  it('checks every field and the voucher before sending anything', async () => {
    const calls = stubDeposits();
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Notificar transferencia' }));
    expect((await screen.findAllByText('Este campo es obligatorio.')).length).toBe(5);
    expect(screen.getByText('Adjunta un archivo.')).toBeTruthy();
    type('Monto transferido', '10');
    type('Referencia', 'corta');
    fireEvent.click(screen.getByRole('button', { name: 'Notificar transferencia' }));
    expect(
      await screen.findByText(
        'Abajo de $500.00 se cobra una comisión de $14.50: el monto debe ser mayor.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('La referencia debe tener al menos 15 caracteres.')).toBeTruthy();
    expect(calls.some((call) => call.key === 'POST /deposits/spei')).toBe(false);
  });

  it('sends the form with one Idempotency-Key while it is unchanged', async () => {
    let attempts = 0;
    const calls = stubDeposits({
      'POST /deposits/spei': () =>
        ++attempts === 1
          ? json(500, {
              error: {
                code: 'INTERNAL_ERROR',
                message: 'Ha ocurrido un error. Por favor, inténtalo más tarde.',
              },
            })
          : json(201, { data: deposit() }),
    });
    await openPage();
    const voucher = await fillForm();
    const submit = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Notificar transferencia' }));
    const posts = () => calls.filter((call) => call.key === 'POST /deposits/spei');

    submit();
    expect(
      await screen.findByText('Ha ocurrido un error. Por favor, inténtalo más tarde.'),
    ).toBeTruthy();
    const [first] = posts();
    const body = first!.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'voucher'))).toEqual({
      amount: '1,250.00',
      origin_bank: '012',
      reference_type: 'concept',
      reference_number: 'DEPOSITO DESPACHO 0001',
      tracking_key: 'mban01002603020001',
    });
    expect((body.get('voucher') as File).name).toBe(voucher.name);
    const key = first!.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);

    // The same submission again (the answer was lost): the same key.
    submit();
    expect(await screen.findByText(/Recibimos tu notificación por \$1,250\.00/)).toBeTruthy();
    expect(posts()[1]!.headers.get('idempotency-key')).toBe(key);
    // The form starts over for the next transfer.
    await waitFor(() => expect(field('Monto transferido').value).toBe(''));
  });

  it('takes a new key once the form changes, and shows the server’s word under the field', async () => {
    const calls = stubDeposits({
      'POST /deposits/spei': () =>
        json(409, {
          error: {
            code: 'DEPOSIT_ALREADY_NOTIFIED',
            message: 'Esta transferencia ya fue notificada.',
            fields: { tracking_key: 'Esta transferencia ya fue notificada.' },
          },
        }),
    });
    await openPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Notificar transferencia' }));
    expect((await screen.findAllByText('Esta transferencia ya fue notificada.')).length).toBe(2);
    type('Clave de rastreo', 'MBAN01002603020002');
    fireEvent.click(screen.getByRole('button', { name: 'Notificar transferencia' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'POST /deposits/spei')).toHaveLength(2),
    );
    const [first, second] = calls.filter((call) => call.key === 'POST /deposits/spei');
    expect(second!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
  });

  it('lists the deposits with their status and the reason of a rejection', async () => {
    stubDeposits({}, [
      deposit({ id: 'd1', status: 'credited', ledger_transaction_id: 'tx' }),
      deposit({
        id: 'd2',
        status: 'rejected',
        tracking_key: 'MBAN0002',
        reject_reason: 'El comprobante no coincide',
      }),
      deposit({
        id: 'd3',
        tracking_key: 'MBAN0003',
        amount_centavos: 30_000,
        fee_centavos: 1_450,
        net_centavos: 28_550,
      }),
    ]);
    await openPage();
    const table = await screen.findByRole('table', { name: 'Tus depósitos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Acreditado')).toBeTruthy();
    expect(within(rows[1]!).getByText('Rechazado')).toBeTruthy();
    expect(within(rows[1]!).getByText('Motivo: El comprobante no coincide')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pendiente')).toBeTruthy();
    expect(within(rows[2]!).getByText('$14.50')).toBeTruthy();
    expect(within(rows[2]!).getByText('$285.50')).toBeTruthy();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Ver comprobante del depósito MBAN0003' }),
    ).toBeTruthy();
  });

  it('offers the way back to the screen waiting for the money, never to another site', async () => {
    stubDeposits();
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/finance/deposits?redirect=%2Fapp%2Fshipment');
    expect(screen.getByText(/Tu envío sigue guardado/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al envío' }).getAttribute('href')).toBe(
      '/app/shipment',
    );

    cleanup();
    await renderApp('/app/finance/deposits?redirect=%2F%2Fevil.example');
    expect(screen.queryByRole('link', { name: 'Volver al envío' })).toBeNull();
  });
});
