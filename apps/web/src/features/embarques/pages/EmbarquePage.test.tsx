import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { ADVANCE_ID, balance, EMBARQUE_ID, embarque } from '../test-data';

const PAY = `POST /embarques/${EMBARQUE_ID}/payment-requests/${ADVANCE_ID}/pay`;

function stub(available: number, extra: Parameters<typeof stubApi>[0] = {}) {
  const { organization: _, ...data } = embarque();
  return stubApi({
    [`GET /embarques/${EMBARQUE_ID}`]: () => json(200, { data }),
    'GET /wallet/balance': balance(available),
    ...extra,
  });
}

/** The payment requests' region (toasts live outside it). */
const payments = () => screen.getByRole('region', { name: 'Cobros' });

async function open() {
  saveSession(makeSession(), 'SESSION');
  await renderApp(`/app/my-shipments/${EMBARQUE_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'EMB-000007' });
}

describe('my-shipments/:id', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('merges the steps and the money in one timeline, oldest first, and shows the pedimento as customs print it', async () => {
    stub(5_000_000);
    await open();
    const timeline = screen.getByRole('region', { name: 'Línea de tiempo' });
    const titles = within(timeline)
      .getAllByTestId('timeline-entry')
      .map((entry) => entry.querySelector('.mantine-Timeline-itemTitle p')?.textContent);
    expect(titles).toEqual([
      'Embarque abierto',
      'En aduana',
      'Cobro solicitado: Anticipo de impuestos ($15,000.00)',
      'Pedimento 26  47  3012  6001234 registrado',
    ]);
    // The document is history, not a milestone.
    const history = screen.getByRole('region', { name: 'Historial' });
    expect(
      within(history).getByText('Documento agregado: Factura comercial (factura.pdf)'),
    ).toBeInTheDocument();
    // The two spaces between the parts are kept (not collapsed by the page).
    const pedimento = screen.getByText('26  47  3012  6001234', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(getComputedStyle(pedimento).whiteSpace).toBe('pre-wrap');
    // What blocks the next step, in the merchant's words.
    expect(screen.getByText(/El pago de impuestos no está cubierto/)).toBeInTheDocument();
    const goods = screen.getByRole('region', { name: 'Mercancía' });
    expect(within(goods).getByText('6912.00.01 · 00')).toBeInTheDocument();
    expect(within(goods).getByText('210.5 Kilogramo')).toBeInTheDocument();
    expect(within(goods).getByText('USD 1,250.00')).toBeInTheDocument();
  });

  it('pays a request from the balance with an Idempotency-Key and reads the balance again', async () => {
    const calls = stub(5_000_000, {
      [PAY]: () =>
        json(200, {
          data: {
            payment_request: {
              ...embarque().payment_requests[0],
              status: 'paid',
              paid_at: '2026-11-26T10:00:00.000Z',
            },
            available_centavos: 3_500_000,
          },
        }),
    });
    await open();
    const balanceReads = () => calls.filter((call) => call.key === 'GET /wallet/balance').length;
    await waitFor(() => expect(balanceReads()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Pagar con saldo Anticipo de impuestos' }));
    expect(
      await screen.findByText(/Pagaste \$15,000\.00\. Tu saldo disponible es \$35,000\.00\./),
    ).toBeInTheDocument();
    const payment = calls.find((call) => call.key === PAY)!;
    expect(payment.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(balanceReads()).toBe(2));
    expect(within(payments()).queryByRole('alert')).toBeNull();
  });

  it('says the balance is short, by how much, and links to deposits and back', async () => {
    const calls = stub(1_000_000);
    await open();
    const alert = await within(payments()).findByRole('alert');
    expect(alert).toHaveTextContent('Saldo insuficiente para realizar el pago');
    expect(alert).toHaveTextContent('Te faltan $5,000.00 para este cobro.');
    expect(within(alert).getByRole('link', { name: 'Depositar saldo' })).toHaveAttribute(
      'href',
      `/app/finance/deposits?redirect=%2Fapp%2Fmy-shipments%2F${EMBARQUE_ID}`,
    );
    expect(calls.some((call) => call.key === PAY)).toBe(false);
  });

  it('shows the server’s refusal for a short balance with the amount it reports', async () => {
    stub(5_000_000, {
      [PAY]: () =>
        json(402, {
          error: {
            code: 'INSUFFICIENT_BALANCE',
            message: 'Saldo insuficiente para realizar el pago',
            details: { required_centavos: 1_500_000, available_centavos: 1_200_000 },
          },
        }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar con saldo Anticipo de impuestos' }));
    const alert = await within(payments()).findByRole('alert');
    expect(alert).toHaveTextContent('Te faltan $3,000.00 para este cobro.');
    expect(within(alert).getByRole('link', { name: 'Depositar saldo' })).toBeInTheDocument();
  });

  it('checks a document’s size and type before uploading it, and sends only the kinds a merchant may', async () => {
    // jsdom has no scrollIntoView; the kind's list scrolls its selected option into view.
    Element.prototype.scrollIntoView ??= () => undefined;
    const upload = `POST /embarques/${EMBARQUE_ID}/documents`;
    const calls = stub(5_000_000, {
      [upload]: () =>
        json(201, {
          data: {
            id: '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e',
            kind: 'packing_list',
            name: 'lista.pdf',
            content_type: 'application/pdf',
            size: 2048,
            uploaded_by: 'merchant',
            created_at: '2026-11-26T10:00:00.000Z',
          },
        }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Subir documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subir documento' });
    const kinds = within(dialog).getByRole('combobox', { name: /Tipo/ });
    fireEvent.click(kinds);
    const options = [...document.querySelectorAll('[role=option]')].map((node) => node.textContent);
    expect(options).toEqual(['Factura comercial', 'Lista de empaque']);
    fireEvent.click([...document.querySelectorAll('[role=option]')][1]!);
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    const send = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Subir documento' }));

    choose(new File([new Uint8Array(1024 * 1024 + 1)], 'lista.pdf', { type: 'application/pdf' }));
    send();
    expect(await within(dialog).findByText('«lista.pdf» pesa más de 1 MB.')).toBeInTheDocument();
    choose(new File(['hola'], 'lista.txt', { type: 'text/plain' }));
    send();
    expect(
      await within(dialog).findByText('«lista.txt» no es PDF, JPEG ni PNG.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === upload)).toBe(false);

    choose(new File(['%PDF-1.4'], 'lista.pdf', { type: 'application/pdf' }));
    send();
    await waitFor(() => expect(calls.some((call) => call.key === upload)).toBe(true));
    const form = calls.find((call) => call.key === upload)!.body as FormData;
    expect(form.get('kind')).toBe('packing_list');
    expect((form.get('file') as File).name).toBe('lista.pdf');
  });
});
