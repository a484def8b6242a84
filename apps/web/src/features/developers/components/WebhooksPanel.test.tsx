import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { CATALOGUE, delivery, endpoint, page, WHSEC } from '../test-data';

const HOOK = endpoint();
const DELIVERIES = `GET /webhook-endpoints/${HOOK.id}/deliveries`;
const catalogue = () => json(200, { data: CATALOGUE });

describe('development: webhooks', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('registers an endpoint with the events picked by domain and shows its whsec_ secret once', async () => {
    let created = false;
    const calls = stubApi({
      'GET /webhook-endpoints': () => json(200, { data: created ? [HOOK] : [] }),
      'GET /webhook-events': catalogue,
      'POST /webhook-endpoints': () => {
        created = true;
        return json(201, { data: HOOK, secret: WHSEC });
      },
      [DELIVERIES]: () => page([]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development?tab=webhooks');
    expect(await screen.findByText(/Aún no tienes endpoints/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Agregar endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar endpoint' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^URL/ }), {
      target: { value: 'http://127.0.0.1:4999/hooks' },
    });
    // No event yet: refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar endpoint' }));
    expect(await within(dialog).findByText('Agrega al menos un elemento.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /webhook-endpoints')).toBe(false);

    // A domain's box takes all its events; then one event of another domain.
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Guías' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Depósito acreditado/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Guía cancelada/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint agregado' });
    expect(within(shown).getByText(WHSEC)).toBeInTheDocument();
    expect(within(shown).getByText(/no volverás a verla/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /webhook-endpoints')?.body).toEqual({
      url: 'http://127.0.0.1:4999/hooks',
      events: [
        'shipment.created',
        'shipment.tracking_updated',
        'shipment.cancelled',
        'deposit.credited',
      ],
      enabled: true,
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Ya la guardé' }));
    const row = (await screen.findByText(HOOK.url)).closest('tr, [role="listitem"]') as HTMLElement;
    expect(within(row).getByText('Guía creada, Guía cancelada y reembolsada')).toBeInTheDocument();
    expect(within(row).getByText('Sin entregas')).toBeInTheDocument();
    expect(screen.queryByText(WHSEC)).toBeNull();
  }, 20_000);

  it('shows each delivery with its attempts and resends one', async () => {
    let resent = false;
    const again = delivery({
      id: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
      status: 'pending',
      attempts: [],
    });
    const calls = stubApi({
      'GET /webhook-endpoints': () => json(200, { data: [HOOK] }),
      [DELIVERIES]: () => page(resent ? [again, delivery()] : [delivery()]),
      [`POST /webhook-endpoints/${HOOK.id}/deliveries/${delivery().id}/resend`]: () => {
        resent = true;
        return json(202, { data: again });
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development?tab=webhooks');
    const row = (await screen.findByText(HOOK.url)).closest('tr, [role="listitem"]') as HTMLElement;
    expect(await within(row).findByText('Entregado')).toBeInTheDocument();

    fireEvent.click(
      within(row).getByRole('button', { name: `Historial de entregas de ${HOOK.url}` }),
    );
    const log = await screen.findByRole('dialog', { name: 'Historial de entregas' });
    const attempts = await within(log).findByRole('table', { name: 'Intentos' });
    const [, first, second] = within(attempts).getAllByRole('row');
    // 18:00 UTC is 12:00 in Mexico City.
    expect(first).toHaveTextContent('128/11/2026, 12:00:00500120 msInternal Server Error');
    expect(second).toHaveTextContent('228/11/2026, 12:00:0520048 ms{"ok":true}');
    expect(within(log).getByText('msg_2Kq7dYb8sV1')).toBeInTheDocument();

    fireEvent.click(
      within(log).getByRole('button', { name: 'Reenviar Guía creada del 28/11/2026, 12:00' }),
    );
    expect(await within(log).findByText('Pendiente')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.endsWith('/resend'))).toHaveLength(1);
    expect(within(log).getByText('Aún sin intentos.')).toBeInTheDocument();
  }, 20_000);

  it('sends a test event, and disables an endpoint from its switch', async () => {
    const calls = stubApi({
      'GET /webhook-endpoints': () => json(200, { data: [HOOK] }),
      [DELIVERIES]: () => page([]),
      [`POST /webhook-endpoints/${HOOK.id}/test`]: () =>
        json(202, { data: delivery({ event_type: 'webhook.test', status: 'pending' }) }),
      [`PATCH /webhook-endpoints/${HOOK.id}/status`]: () =>
        json(200, { data: endpoint({ enabled: false, disabled_reason: 'manual' }) }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development?tab=webhooks');
    fireEvent.click(
      await screen.findByRole('button', { name: `Enviar evento de prueba a ${HOOK.url}` }),
    );
    expect(await screen.findByText(/Enviamos un evento de prueba/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: `Recibir eventos en ${HOOK.url}` }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/status'))?.body).toEqual({ enabled: false }),
    );
  });
});
