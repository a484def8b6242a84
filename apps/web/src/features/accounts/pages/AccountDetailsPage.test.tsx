import type { Organization } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, readSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser, shippingOnlyUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const LOGO_URL = '/api/v1/organization/logo?v=7d7c6a3e-5b0e-4a44-9b87-3f1e0a6f2b11';
const header = () => within(screen.getByRole('banner'));
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Archivo del logo'), { target: { files: [file] } });
const png = (size = 64, name = 'logo.png') =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The API as the page sees it, with the organization changing as calls succeed. */
function stubOrganizationApi() {
  let organization: Organization = makeSession().organization!;
  const answer = () => json(200, { data: organization });
  const calls = stubApi({
    'GET /me': () => json(200, { data: { user: makeUser(), organization } }),
    'GET /organization': answer,
    'PUT /organization': (body) => {
      organization = { ...organization, ...(body as Partial<Organization>) };
      return answer();
    },
    'POST /organization/logo': () => {
      organization = { ...organization, logo_url: LOGO_URL };
      return answer();
    },
    'DELETE /organization/logo': () => {
      organization = { ...organization, logo_url: null };
      return answer();
    },
    'GET /organization/logo': () =>
      new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'content-type': 'image/png' },
      }),
  });
  return calls;
}

describe('account details page', () => {
  beforeEach(() => {
    saveSession(makeSession(), 'SESSION');
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('shows the five sections as tabs, the organization first, titled as its menu entry', async () => {
    stubOrganizationApi();
    await renderApp('/app/settings/details');
    expect(screen.getByRole('heading', { level: 1, name: 'Mi empresa' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: 'Mi empresa' })).toHaveAttribute(
      'href',
      '/app/settings/details',
    );
    const tabs = within(screen.getByRole('tablist', { name: 'Secciones de tu cuenta' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Organización',
      'Información fiscal',
      'Usuario',
      'Contraseña',
      'Datos de depósito',
    ]);
    expect(await screen.findByLabelText('Empresa')).toBeInTheDocument();
  });

  it('opens for a member without the company permission, with only their own sections', async () => {
    const member = shippingOnlyUser();
    stubApi({
      'GET /me': () =>
        json(200, { data: { user: member, organization: makeSession().organization } }),
    });
    saveSession(makeSession({ user: member }), 'SESSION');
    const router = await renderApp('/app/settings/details?tab=tax');
    expect(router.state.location.pathname).toBe('/app/settings/details');
    const tabs = within(screen.getByRole('tablist', { name: 'Secciones de tu cuenta' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Usuario',
      'Contraseña',
    ]);
    expect(tabs.getByRole('tab', { name: 'Usuario' }).getAttribute('aria-selected')).toBe('true');
    // Their way here is the user menu's "Mi cuenta": the page says the same.
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
  });

  it('saves the organization and the header shows the new company at once', async () => {
    const calls = stubOrganizationApi();
    await renderApp('/app/settings/details');
    await screen.findByLabelText('Empresa');
    fill('Empresa', 'Jade');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar organización' }));
    expect(
      await screen.findByText('La empresa debe tener al menos 5 caracteres.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'PUT /organization')).toBe(false);

    fill('Empresa', 'Jade Norte');
    fill('Abreviatura', 'jn');
    fireEvent.change(screen.getByLabelText('Moneda predeterminada'), {
      target: { value: 'USD' },
    });
    const zone = screen.getByLabelText('Zona horaria');
    expect(zone).toHaveValue('America/Mexico_City');
    expect(within(zone).getByRole('option', { name: 'Ciudad Juárez' })).toBeInTheDocument();
    fireEvent.change(zone, { target: { value: 'America/Tijuana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar organización' }));
    await waitFor(() => expect(header().getByText('Jade Norte')).toBeInTheDocument());
    expect(calls.find((call) => call.key === 'PUT /organization')?.body).toEqual({
      company: 'Jade Norte',
      abbreviation: 'JN',
      default_currency: 'USD',
      default_unit: 'kg',
      time_zone: 'America/Tijuana',
    });
    // The session carries the zone every date on screen is shown in from now on.
    expect(readSession()?.organization).toMatchObject({
      company: 'Jade Norte',
      time_zone: 'America/Tijuana',
    });
  });

  it('checks the logo in the browser, previews it, uploads it and shows it in the header', async () => {
    const calls = stubOrganizationApi();
    await renderApp('/app/settings/details');
    await screen.findByRole('button', { name: 'Elegir logo' });

    pick(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Elige una imagen PNG, JPEG o WebP.')).toBeInTheDocument();
    pick(png(1024 * 1024 + 1, 'grande.png'));
    expect(
      await screen.findByText('El archivo pesa 1.0 MB; el máximo es 1 MB.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /organization/logo')).toBe(false);

    pick(png());
    expect(
      await screen.findByRole('img', { name: 'Vista previa del nuevo logo' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar logo' }));

    expect(
      await header().findByRole('img', { name: 'Logo de Comercial Jade' }),
    ).toBeInTheDocument();
    const upload = calls.find((call) => call.key === 'POST /organization/logo');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(upload?.headers.get('content-type')).toBeNull();
    expect(readSession()?.organization?.logo_url).toBe(LOGO_URL);
    expect(calls.some((call) => call.key === 'GET /organization/logo')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar logo' }));
    await waitFor(() => expect(header().queryByRole('img')).toBeNull());
    expect(readSession()?.organization?.logo_url).toBeNull();
  });

  it('shows the server refusal of a logo', async () => {
    stubApi({
      'GET /organization': () => json(200, { data: makeSession().organization }),
      'POST /organization/logo': () =>
        json(415, {
          error: {
            code: 'FILE_TYPE_NOT_ALLOWED',
            message: 'Este tipo de archivo no está permitido. Sube un archivo PNG, JPEG, WebP.',
          },
        }),
    });
    await renderApp('/app/settings/details');
    await screen.findByRole('button', { name: 'Elegir logo' });
    pick(png());
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar logo' }));
    expect(await screen.findByText(/Este tipo de archivo no está permitido/)).toBeInTheDocument();
    expect(readSession()?.organization?.logo_url).toBeNull();
  });

  it('saves the deposit CLABE, naming the bank as it is typed', async () => {
    const calls = stubApi({
      'GET /organization/deposit-data': () => json(200, { data: null }),
      'PUT /organization/deposit-data': () =>
        json(409, {
          error: {
            code: 'CLABE_TAKEN',
            message: 'Esta CLABE ya está registrada por otra organización.',
            fields: { clabe: 'Esta CLABE ya está registrada por otra organización.' },
          },
        }),
    });
    await renderApp('/app/settings/details?tab=deposit');
    expect(await screen.findByText('Aún no registras una CLABE.')).toBeInTheDocument();
    fill('CLABE', '012 180 0012345678');
    expect(screen.getByText('Banco: BBVA México')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de depósito' }));
    expect(await screen.findByText('La CLABE tiene 18 dígitos.')).toBeInTheDocument();

    fill('CLABE', '002010077777777772');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de depósito' }));
    expect(
      await screen.findByText(/dígito verificador de la CLABE no es correcto/),
    ).toBeInTheDocument();

    fill('CLABE', '002010077777777771');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de depósito' }));
    expect(
      await screen.findAllByText('Esta CLABE ya está registrada por otra organización.'),
    ).toHaveLength(2);
    expect(calls.find((call) => call.key === 'PUT /organization/deposit-data')?.body).toEqual({
      clabe: '002010077777777771',
    });
  });

  it('changes the password with the current one and a confirmation', async () => {
    const calls = stubApi({ 'PUT /auth/password/reset': () => json(200, { data: { ok: true } }) });
    await renderApp('/app/settings/details?tab=password');
    fill('Contraseña actual', 'Secreta1!');
    fill('Nueva contraseña', 'Nueva2#x');
    fill('Confirmar nueva contraseña', 'Nueva2#y');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    fill('Confirmar nueva contraseña', 'Nueva2#x');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PUT /auth/password/reset')?.body).toEqual({
        current_password: 'Secreta1!',
        password: 'Nueva2#x',
        password_confirmation: 'Nueva2#x',
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Contraseña actual', { exact: true }) as HTMLInputElement).value,
      ).toBe(''),
    );
  });

  it('saves the user and switches the language', async () => {
    const user = makeUser();
    const calls = stubApi({
      'PUT /users': (body) => json(200, { data: { ...user, ...(body as object) } }),
      'PATCH /user/change-language': (_body, url) =>
        json(200, {
          data: { ...user, name: 'Ana María', language: url.searchParams.get('language') },
        }),
    });
    await renderApp('/app/settings/details?tab=user');
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).readOnly).toBe(true);
    fill('Teléfono', '55123');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar usuario' }));
    expect(
      await screen.findByText('El teléfono debe tener exactamente 10 dígitos.'),
    ).toBeInTheDocument();

    fill('Nombre', 'Ana María');
    fill('Teléfono', '5587654321');
    fireEvent.change(screen.getByLabelText('Idioma'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar usuario' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My company' }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /users')?.body).toEqual({
      name: 'Ana María',
      last_name: 'López',
      phone_country_code: '+52',
      phone: '5587654321',
    });
    expect(readSession()?.user).toMatchObject({ name: 'Ana María', language: 'en' });
  });
});
