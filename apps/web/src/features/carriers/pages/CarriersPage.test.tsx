import { CARRIERS, carrierView, type Carrier } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const catalogue = (disabled: string[] = []): Carrier[] =>
  CARRIERS.map((carrier) => carrierView(carrier, !disabled.includes(carrier.key), 'es'));
const carrier = (key: string, enabled: boolean) => ({
  ...catalogue().find((entry) => entry.key === key)!,
  enabled,
});
const switchOf = (name: string) =>
  screen.getByRole('switch', { name: `Activar ${name}` }) as HTMLInputElement;

describe('settings/carriers', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the carriers with their services and switches one off, with a toast', async () => {
    const calls = stubApi({
      'GET /carriers': () => json(200, { data: catalogue() }),
      'PUT /carriers/redpack': (body) =>
        json(200, { data: carrier('redpack', (body as { enabled: boolean }).enabled) }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/carriers');
    expect(screen.getByRole('heading', { level: 1, name: 'Paqueterías' })).toBeInTheDocument();
    const estafeta = await screen.findByRole('article', { name: 'Estafeta' });
    expect(within(estafeta).getByText('Día Siguiente')).toBeInTheDocument();
    expect(within(estafeta).getByText('3 a 7 días hábiles')).toBeInTheDocument();
    expect(switchOf('Redpack').checked).toBe(true);

    fireEvent.click(switchOf('Redpack'));
    await waitFor(() => expect(switchOf('Redpack').checked).toBe(false));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PUT /carriers/redpack')?.body).toEqual({
        enabled: false,
      }),
    );
    expect(
      await screen.findByText('Redpack está inactiva: ya no aparecerá al cotizar envíos.'),
    ).toBeInTheDocument();
    expect(switchOf('Redpack').checked).toBe(false);
  });

  it('puts the switch back and says why when the change fails', async () => {
    const calls = stubApi({
      'GET /carriers': () => json(200, { data: catalogue() }),
      'PUT /carriers/fedex': () =>
        json(500, {
          error: {
            code: 'INTERNAL_ERROR',
            message: 'Ha ocurrido un error. Por favor, inténtalo más tarde.',
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/carriers');
    await screen.findByRole('article', { name: 'FedEx' });
    fireEvent.click(switchOf('FedEx'));
    // Switched off at once, then back on when the server refuses.
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PUT /carriers/fedex')?.body).toEqual({
        enabled: false,
      }),
    );
    expect(
      await screen.findByText('Ha ocurrido un error. Por favor, inténtalo más tarde.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(switchOf('FedEx').checked).toBe(true));
  });

  it('finds carriers by name or service, and warns when none is enabled', async () => {
    stubApi({
      'GET /carriers': () => json(200, { data: catalogue(CARRIERS.map((entry) => entry.key)) }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/carriers');
    await screen.findByRole('article', { name: 'Estafeta' });
    expect(screen.getByText('No tienes paqueterías activas')).toBeInTheDocument();

    const search = screen.getByLabelText('Buscar paquetería');
    fireEvent.change(search, { target: { value: 'ecoexpress' } });
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['carrier-redpack']);
    fireEvent.change(search, { target: { value: 'dia siguiente' } });
    expect(screen.getByRole('article', { name: 'Estafeta' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '99minutos' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'FedEx' })).toBeNull();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('Ninguna paquetería coincide con tu búsqueda.')).toBeInTheDocument();
  });
});
