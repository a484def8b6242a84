import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { apiError, makeDetail, makeTracking } from '../follow-up-test-data';

const NUMBER = '8055241528464720099314';

describe('public tracking (/t/:trackingNumber)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows a visitor the carrier, route cities, estimate and timeline, and nothing private', async () => {
    const detail = makeDetail();
    stubApi({
      // Even if an answer carried private fields, the page would not show them.
      [`GET /tracking/${NUMBER}`]: () =>
        json(200, {
          data: {
            ...makeTracking(),
            origin: detail.origin,
            destination: detail.destination,
            destination_name: detail.destination_name,
            cost: detail.cost,
            charges: detail.charges,
          },
        }),
    });
    await renderApp(`/t/${NUMBER}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Rastrea tu envío' })).toBeInTheDocument();

    const summary = await screen.findByRole('region', { name: 'Resumen del envío' });
    expect(within(summary).getByRole('heading', { name: NUMBER })).toBeInTheDocument();
    expect(within(summary).getByText('Estafeta')).toBeInTheDocument();
    expect(within(summary).getByText('Terrestre')).toBeInTheDocument();
    expect(within(summary).getByText('Retrasada')).toBeInTheDocument();
    expect(within(summary).getByText('Ciudad de México')).toBeInTheDocument();
    expect(within(summary).getByText('Monterrey')).toBeInTheDocument();
    expect(within(summary).getByText('09/03/2026')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Rastreo' });
    expect(within(timeline).getByText('Retraso por condiciones climáticas')).toBeInTheDocument();
    expect(within(timeline).getByText('Guía creada')).toBeInTheDocument();

    const page = document.body.textContent ?? '';
    for (const secret of [
      'Ana López',
      'Comercial Jade',
      'Lucía Hernández',
      'Av. Cuauhtémoc',
      'Calle Morelos',
      'Roma Norte',
      '5512345678',
      '55 1234 5678',
      '8112345678',
      '81 1234 5678',
      'ana@jade.mx',
      'Portón verde',
      '$191.40',
    ]) {
      expect(page, secret).not.toContain(secret);
    }
    // No app chrome: no menu, no user menu.
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Menú de usuario/ })).toBeNull();
  }, 30_000);

  it("shows who sent it, with their logo, and links to the carrier's own tracking", async () => {
    const logo = '/api/v1/logos/5f0c6a52-8d4e-4c51-9a51-2d3b7f1e9a10';
    const carrierUrl = `https://cs.estafeta.com/es/Tracking/searchByGet?wayBillType=1&wayBill=${NUMBER}`;
    stubApi({
      [`GET /tracking/${NUMBER}`]: () =>
        json(200, {
          data: makeTracking({
            merchant: { name: 'Tienda Jade', logo_url: logo },
            carrier_tracking_url: carrierUrl,
          }),
        }),
    });
    await renderApp(`/t/${NUMBER}`);
    const summary = within(await screen.findByRole('region', { name: 'Resumen del envío' }));
    expect(summary.getByText('Envío de')).toBeInTheDocument();
    expect(summary.getByText('Tienda Jade')).toBeInTheDocument();
    expect(summary.getByRole('img', { name: 'Tienda Jade' })).toHaveAttribute('src', logo);
    const carrier = summary.getByRole('link', { name: 'Ver en el sitio de Estafeta' });
    expect(carrier).toHaveAttribute('href', carrierUrl);
    expect(carrier).toHaveAttribute('target', '_blank');
  }, 30_000);

  it('shows no logo and no carrier link when there are none', async () => {
    stubApi({ [`GET /tracking/${NUMBER}`]: () => json(200, { data: makeTracking() }) });
    await renderApp(`/t/${NUMBER}`);
    const summary = within(await screen.findByRole('region', { name: 'Resumen del envío' }));
    expect(summary.getByText('Tienda Jade')).toBeInTheDocument();
    expect(summary.queryByRole('img', { name: 'Tienda Jade' })).toBeNull();
    expect(summary.queryByRole('link', { name: /Ver en el sitio/ })).toBeNull();
  }, 30_000);

  it('opens for a signed-in user too, without sending them home', async () => {
    stubApi({ [`GET /tracking/${NUMBER}`]: () => json(200, { data: makeTracking() }) });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp(`/t/${NUMBER}`);
    expect(await screen.findByRole('region', { name: 'Resumen del envío' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/t/${NUMBER}`);
  }, 30_000);

  it('says kindly when a number is unknown, and looks up another one', async () => {
    const calls = stubApi({
      'GET /tracking/0000000000': () => apiError(404, 'NOT_FOUND', 'No encontramos lo que buscas.'),
      [`GET /tracking/${NUMBER}`]: () => json(200, { data: makeTracking() }),
    });
    const router = await renderApp('/t/0000000000');
    expect(await screen.findByText('No encontramos la guía 0000000000')).toBeInTheDocument();

    const field = screen.getByLabelText('Número de guía');
    fireEvent.change(field, { target: { value: 'no válido!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rastrear' }));
    expect(
      await screen.findByText('Escribe un número de guía válido: solo letras y números.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/0000000000');

    fireEvent.change(field, { target: { value: ` ${NUMBER.slice(0, 10)} ${NUMBER.slice(10)} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Rastrear' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${NUMBER}`));
    expect(await screen.findByRole('region', { name: 'Resumen del envío' })).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(`GET /tracking/${NUMBER}`);
  }, 30_000);
});
