import type { ShipmentDetail } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { CANCELLATION_POLL_MS } from '../../../lib/guide-cancellation';
import { apiError, GUIDE_ID, makeDetail } from '../follow-up-test-data';

const PATH = `/app/shippings/${GUIDE_ID}`;
const DETAIL_KEY = `GET /shipments/${GUIDE_ID}`;
const CANCEL_KEY = `POST /shipments/${GUIDE_ID}/cancellation`;

describe('shippings/:id (guide detail)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the route, packages with SAT keys, charges and the timeline newest first', async () => {
    stubApi({ [DETAIL_KEY]: () => json(200, { data: makeDetail() }) });
    saveSession(makeSession(), 'SESSION');
    await renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guía 8055241528464720099314' }),
    ).toBeInTheDocument();

    const route = screen.getByRole('region', { name: 'Ruta' });
    const origin = within(route).getByRole('region', { name: 'Origen' });
    expect(within(origin).getByText('Ana López')).toBeInTheDocument();
    expect(within(origin).getByText('Av. Cuauhtémoc 120, Roma Norte')).toBeInTheDocument();
    expect(within(origin).getByText('55 1234 5678')).toBeInTheDocument();
    const destination = within(route).getByRole('region', { name: 'Destino' });
    expect(within(destination).getByText('Monterrey, Nuevo León, C.P. 64000')).toBeInTheDocument();

    const products = screen.getByRole('table', { name: 'Productos de Caja mediana' });
    const mug = within(products).getByText('Taza de cerámica').closest('tr')!;
    expect(within(mug).getByText('52151600')).toBeInTheDocument();
    expect(within(mug).getByText('H87')).toBeInTheDocument();
    expect(within(mug).getByText('$125.00')).toBeInTheDocument();

    const charges = screen.getByRole('group', { name: 'Cargos' });
    expect(within(charges).getByText('$165.00')).toBeInTheDocument();
    expect(within(charges).getByText('$26.40')).toBeInTheDocument();
    expect(within(charges).getByText('$191.40')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Imprimir etiqueta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar ZPL' })).toBeInTheDocument();
    // Shared and opened on the configured public address, not the app's current origin.
    const shared = screen.getByText('https://app.despacho.test/t/8055241528464720099314');
    expect(shared.closest('a')).toHaveAttribute('href', shared.textContent);
    expect(screen.getByRole('link', { name: 'Ver página pública' })).toHaveAttribute(
      'href',
      'https://app.despacho.test/t/8055241528464720099314',
    );

    // Newest first by the carrier's time, whatever the order they came in; the delay stands out.
    const timeline = screen.getByRole('region', { name: 'Rastreo' });
    const titles = within(timeline)
      .getAllByText(/Guía creada|Paquete recolectado|Retraso por condiciones climáticas/)
      .map((node) => node.textContent);
    expect(titles).toEqual([
      'Retraso por condiciones climáticas',
      'Paquete recolectado',
      'Guía creada',
    ]);
    expect(within(timeline).getByText('Retraso')).toBeInTheDocument();
    expect(within(timeline).getByText('03/03/2026, 14:00 · Querétaro')).toBeInTheDocument();
  }, 30_000);

  it('asks before cancelling, then shows the pending refund until the guide is cancelled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let requestedAt: string | null = null;
    let readsSinceRequest = 0;
    const calls = stubApi({
      [DETAIL_KEY]: () => {
        if (!requestedAt) return json(200, { data: makeDetail() });
        readsSinceRequest += 1;
        const pending: Partial<ShipmentDetail> = {
          cancellation_requested_at: requestedAt,
          // It left its pickup with the request.
          pickup: null,
          refund_due_by: '2026-03-11',
          cancellation_refusal: 'La guía ya fue cancelada o su cancelación ya está en proceso.',
        };
        // The carrier confirms after the first read that follows the request.
        const confirmed: Partial<ShipmentDetail> =
          readsSinceRequest > 1
            ? {
                status: 'cancelled',
                carrier_status: 'CANCELLED',
                cancelled_at: '2026-03-02T18:00:00.000Z',
                charges: { ...makeDetail().charges, refunded: 19_140 },
              }
            : {};
        return json(200, { data: makeDetail({ ...pending, ...confirmed }) });
      },
      [CANCEL_KEY]: () => {
        requestedAt = new Date().toISOString();
        return json(202, {
          data: { cancellation_requested_at: requestedAt, refund_due_by: '2026-03-11' },
        });
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar guía' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cancelar la guía 8055241528464720099314?',
    });
    // The window in hours from its creation, the refund in business days from the request: each
    // said once, by what it measures.
    expect(
      within(dialog).getByText(
        /Plazo para cancelar: 73 horas desde que se creó la guía, mientras no se recolecte \(esta, hasta el 05\/03\/2026, 11:15/,
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /Reembolso: .* te devolveremos \$191\.40 a tu saldo, a más tardar 7 días hábiles después de tu solicitud\./,
      ),
    ).toBeInTheDocument();
    expect(dialog.textContent?.match(/horas/g)).toHaveLength(1);
    expect(dialog.textContent?.match(/días hábiles/g)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar guía' }));

    expect(
      await screen.findByText(
        'Cancelación solicitada — el reembolso llegará a tu saldo a más tardar el 11/03/2026.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key === CANCEL_KEY)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancelar guía' })).toBeNull();
    expect(
      screen.getByText('La guía se está cancelando: salió de su recolección y ya no necesita una.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Solicitar recolección' })).toBeNull();
    await waitFor(() => expect(readsSinceRequest).toBe(1));

    // The page polls while the cancellation is pending, and stops once it is confirmed.
    const balanceReads = calls.filter((call) => call.key === 'GET /wallet/balance').length;
    await vi.advanceTimersByTimeAsync(CANCELLATION_POLL_MS.first);
    expect(await screen.findByText('Reembolsamos $191.40 a tu saldo.')).toBeInTheDocument();
    // The header's balance is read again to show the refund.
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /wallet/balance').length).toBeGreaterThan(
        balanceReads,
      ),
    );
    expect(screen.getAllByText('Cancelada').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Cancelación solicitada —/)).toBeNull();
    // Never collected: the pickup section says it is cancelled, not that the carrier took it.
    expect(
      screen.getByText('La guía está cancelada: no necesita recolección.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/ya recolectó/)).toBeNull();
    const reads = readsSinceRequest;
    await vi.advanceTimersByTimeAsync(CANCELLATION_POLL_MS.first * 3);
    expect(readsSinceRequest).toBe(reads);
  }, 30_000);

  it('shows the server’s message when the cancellation is refused', async () => {
    const message =
      'La guía ya fue utilizada (tiene escaneo de recolección) y no puede cancelarse.';
    stubApi({
      [DETAIL_KEY]: () => json(200, { data: makeDetail() }),
      [CANCEL_KEY]: () => apiError(409, 'GUIDE_ALREADY_USED', message),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar guía' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar guía' }));

    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('No se pudo cancelar la guía')).toBeInTheDocument();
    expect(screen.queryByText(/Cancelación solicitada —/)).toBeNull();
  }, 30_000);

  it('says why a guide cannot be cancelled instead of offering it', async () => {
    const reason =
      'La guía solo puede cancelarse dentro de las 73 horas posteriores a su creación.';
    const calls = stubApi({
      [DETAIL_KEY]: () => json(200, { data: makeDetail({ cancellation_refusal: reason }) }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(PATH);
    const button = (await screen.findByRole('button', {
      name: 'Cancelar guía',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(reason)).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.key === CANCEL_KEY)).toBe(false);
  }, 30_000);

  it('shows a failed purchase with the carrier’s reason and nothing to print or cancel', async () => {
    stubApi({
      [DETAIL_KEY]: () =>
        json(200, {
          data: makeDetail({
            tracking_number: null,
            purchase_state: 'failed',
            failure_reason: 'Referencia rechazada por la paquetería',
            events: [],
            tracking_url: null,
          }),
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(PATH);
    expect(await screen.findByText('La compra de esta guía falló')).toBeInTheDocument();
    expect(screen.getByText(/Referencia rechazada por la paquetería/)).toBeInTheDocument();
    expect(screen.getAllByText('Compra fallida').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Imprimir etiqueta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar guía' })).toBeNull();
  }, 30_000);
});
