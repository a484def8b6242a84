import { ALL_PERMISSIONS } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { apiKey, page, SECRET } from '../test-data';

const KEYS = 'GET /developers/api-keys';
const ERP = apiKey();

describe('development: API keys', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => {}) } });
  });
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('lists each key with its prefix, mode, scopes per module, expiry, last use and state, in es and en', async () => {
    stubApi({ [KEYS]: () => page([ERP]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development');
    const row = (await screen.findByText('ERP')).closest('tr, [role="listitem"]') as HTMLElement;
    expect(within(row).getByText('dsp_live_AbCdEf…')).toBeInTheDocument();
    expect(within(row).getByText('Producción')).toBeInTheDocument();
    expect(within(row).getByText('Envíos: Lectura y escritura')).toBeInTheDocument();
    // One of the module's three keys, read only.
    expect(within(row).getByText('(1 de 3)').parentElement).toHaveTextContent(
      /: Solo lectura \(1 de 3\)$/,
    );
    expect(within(row).getByText('Sin vencimiento')).toBeInTheDocument();
    // 18:30 UTC is 12:30 in Mexico City, the organization's zone.
    expect(within(row).getByText('28/11/2026, 12:30')).toBeInTheDocument();
    expect(within(row).getByText('desde 203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();

    await setLanguage('en');
    expect(await within(row).findByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('from 203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('Shipments: Read and write')).toBeInTheDocument();
  });

  it('says a key holding every permission with one access in one line', async () => {
    const scopes = ALL_PERMISSIONS.map((permission) => ({ permission, access: 'read' as const }));
    stubApi({ [KEYS]: () => page([apiKey({ scopes })]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development');
    expect(await screen.findByText('Todos los permisos: Solo lectura')).toBeInTheDocument();
    expect(screen.queryByText(/^Envíos:/)).toBeNull();
  });

  it('creates a key and shows its secret once: never again after the dialog closes', async () => {
    let created = false;
    const calls = stubApi({
      [KEYS]: () => page(created ? [apiKey({ name: 'Tienda propia', mode: 'test' })] : []),
      'POST /developers/api-keys': () => {
        created = true;
        const key = apiKey({ name: 'Tienda propia', mode: 'test', prefix: 'dsp_test_AbCdEf' });
        return json(201, { data: { key, secret: SECRET } });
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development');
    expect(await screen.findByText('Aún no tienes llaves de API.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Crear llave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear llave de API' });
    // Nothing chosen yet: the schema refuses before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear llave' }));
    expect(await within(dialog).findByText('Agrega al menos un elemento.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /developers/api-keys')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nombre/ }), {
      target: { value: 'Tienda propia' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Todo en solo lectura' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Pedidos' }), {
      target: { value: 'write' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Vencimiento' }), {
      target: { value: '30' },
    });
    const ips = within(dialog).getByLabelText(/Direcciones IP permitidas/);
    // Typed as a person does (the field ignores writes to an input without focus), then Enter.
    ips.focus();
    fireEvent.change(ips, { target: { value: '203.0.113.0/24' } });
    fireEvent.keyDown(ips, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear llave' }));

    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /developers/api-keys')).toBeDefined(),
    );
    const body = calls.find((call) => call.key === 'POST /developers/api-keys')!.body as {
      scopes: { permission: string; access: string }[];
      expires_at: string;
    };
    expect(body).toMatchObject({
      name: 'Tienda propia',
      mode: 'test',
      allowed_ips: ['203.0.113.0/24'],
    });
    expect(body.scopes).toHaveLength(ALL_PERMISSIONS.length);
    expect(body.scopes.filter((scope) => scope.access === 'write')).toEqual([
      { permission: 'ecommerce.orders', access: 'write' },
    ]);
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const shown = await screen.findByRole('dialog', { name: 'Llave «Tienda propia» creada' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/no volverás a verla/)).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent('Copiada al portapapeles.');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'Ya la guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Tienda propia')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).toBeNull();
    // Opening the dialog again starts a new key: the secret is gone for good.
    fireEvent.click(screen.getByRole('button', { name: 'Crear llave' }));
    const again = await screen.findByRole('dialog', { name: 'Crear llave de API' });
    expect(within(again).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
    expect(screen.queryByText(SECRET)).toBeNull();
  }, 20_000);

  it('revokes a key after asking, and the list then says so', async () => {
    let revoked = false;
    const calls = stubApi({
      [KEYS]: () => page([revoked ? apiKey({ status: 'revoked' }) : ERP]),
      [`POST /developers/api-keys/${ERP.id}/revoke`]: () => {
        revoked = true;
        return json(200, { data: apiKey({ status: 'revoked' }) });
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development');
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar la llave ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar llave de API' });
    expect(within(dialog).getByText(/dejará de funcionar en este momento/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revocar' }));

    const row = (await screen.findByText('Revocada')).closest(
      'tr, [role="listitem"]',
    ) as HTMLElement;
    expect(calls.filter((call) => call.key.endsWith('/revoke'))).toHaveLength(1);
    expect(within(row).queryByRole('button', { name: 'Revocar la llave ERP' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Rotar la llave ERP' })).toBeNull();
  });

  it('rotates a key: the new secret once and until when the previous one works', async () => {
    const rotated = apiKey({ previous_secret_valid_until: '2026-11-30T18:00:00.000Z' });
    stubApi({
      [KEYS]: () => page([ERP]),
      [`POST /developers/api-keys/${ERP.id}/rotate`]: () =>
        json(200, { data: { key: rotated, secret: SECRET } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/development');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotar la llave ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotar la llave «ERP»' });
    expect(within(dialog).getByText(/seguirá funcionando 24 horas/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotar llave' }));
    expect(await within(dialog).findByText(SECRET)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /sigue funcionando hasta el 30\/11\/2026, 12:00 \(hora de Ciudad de México\)/,
      ),
    ).toBeInTheDocument();
  });

  it('tells a member who is not owner or administrator who manages keys, and asks nothing', async () => {
    const calls = stubApi({ [KEYS]: () => page([ERP]) });
    saveSession(makeSession({ user: makeUser({ role: 'member' }) }), 'SESSION');
    await renderApp('/app/development');
    expect(
      screen.getByText(/Solo el propietario o un administrador de la empresa/),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key === KEYS)).toHaveLength(0);
  });
});
