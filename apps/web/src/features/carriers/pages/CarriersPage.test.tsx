import { CARRIERS, carrierView, type Carrier, type CarrierAccount } from '@despacho/domain';
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

describe('settings/carriers: carrier accounts', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  const accounts: CarrierAccount[] = [
    {
      carrier_key: 'dhl_express',
      carrier_name: 'DHL Express',
      mode: 'production',
      choice: 'platform',
      own: null,
    },
    { carrier_key: 'fedex', carrier_name: 'FedEx', mode: 'sandbox', choice: 'platform', own: null },
  ];
  const section = async () =>
    screen.findByRole('region', { name: 'Cuentas de paquetería' }).then((found) => within(found));

  it('connects an own account, whose secret comes back only as its last 4 characters', async () => {
    const calls = stubApi({
      'GET /carriers': () => json(200, { data: catalogue() }),
      'GET /carriers/accounts': () => json(200, { data: accounts }),
      'PUT /carriers/accounts/dhl_express': () =>
        json(200, {
          data: {
            ...accounts[0],
            choice: 'own',
            own: {
              account_number: '960123456',
              key: 'tienda-key',
              secret_last4: '9Xq7',
              secret_set_at: '2026-03-02T16:00:00.000Z',
            },
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/carriers');
    const accountsSection = await section();
    const fedex = await accountsSection.findByRole('region', { name: 'FedEx' });
    expect(within(fedex).getByText(/FedEx está en modo sandbox/)).toBeInTheDocument();
    expect(within(fedex).queryByRole('radio')).toBeNull();

    const dhl = accountsSection.getByRole('region', { name: 'DHL Express' });
    expect(within(dhl).getByRole('radio', { name: /Cuenta de Despacho/ })).toBeChecked();
    fireEvent.click(within(dhl).getByRole('radio', { name: /Mi propia cuenta/ }));
    expect(
      within(dhl).getByText(/DHL Express te factura las guías directamente/),
    ).toBeInTheDocument();

    // A number with a letter is refused before anything is sent.
    fireEvent.change(within(dhl).getByLabelText(/Número de cuenta/), {
      target: { value: '96012345A' },
    });
    fireEvent.change(within(dhl).getByLabelText(/API key de MyDHL API/), {
      target: { value: 'tienda-key' },
    });
    fireEvent.change(within(dhl).getByLabelText(/API secret de MyDHL API/), {
      target: { value: 'tienda-secreto-9Xq7' },
    });
    fireEvent.click(within(dhl).getByRole('button', { name: 'Guardar mi cuenta' }));
    expect(
      await within(dhl).findByText('El número de cuenta lleva solo dígitos (de 6 a 12).'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PUT /carriers/accounts'))).toBe(false);

    fireEvent.change(within(dhl).getByLabelText(/Número de cuenta/), {
      target: { value: '960123456' },
    });
    fireEvent.click(within(dhl).getByRole('button', { name: 'Guardar mi cuenta' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PUT /carriers/accounts/dhl_express')?.body).toEqual(
        {
          choice: 'own',
          account_number: '960123456',
          key: 'tienda-key',
          secret: 'tienda-secreto-9Xq7',
        },
      ),
    );
    expect(await screen.findByText('DHL Express usará tu propia cuenta.')).toBeInTheDocument();
    expect(await within(dhl).findByText(/Guardado: ••••9Xq7/)).toBeInTheDocument();
    expect(within(dhl).getByLabelText(/API secret de MyDHL API/)).toHaveValue('');
    expect(within(dhl).getByRole('radio', { name: /Mi propia cuenta/ })).toBeChecked();
  });
});
