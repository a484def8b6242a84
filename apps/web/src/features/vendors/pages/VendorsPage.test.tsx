import type { VendorView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const vendor = (overrides: Partial<VendorView>): VendorView => ({
  id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Textiles del Centro',
  code: 'TEX-01',
  email: 'ventas@textiles.mx',
  address: {
    street: 'República de El Salvador',
    external_number: '120',
    internal_number: null,
    reference: null,
    neighborhood: 'Centro',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    zip: '06000',
    country: 'MX',
  },
  status: 'enabled',
  created_at: '2026-03-02T16:00:00.000Z',
  updated_at: '2026-03-02T16:00:00.000Z',
  ...overrides,
});
const TEXTILES = vendor({});
const EMPAQUES = vendor({
  id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Empaques del Norte',
  code: 'EMP-02',
  email: 'pedidos@empaques.mx',
  address: { ...TEXTILES.address, city: 'Monterrey', state: 'Nuevo León' },
  status: 'disabled',
});
const page = (data: VendorView[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });

const field = (container: HTMLElement, label: RegExp) =>
  within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

// The two multi-step tests render the whole app several times: on a busy machine they take
// longer than the 5 s default.
describe('settings/vendors', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists vendors with their status, disables one and deletes another', async () => {
    const calls = stubApi({
      'GET /vendors': () => page([TEXTILES, EMPAQUES]),
      [`PATCH /vendors/${TEXTILES.id}/status`]: (body) =>
        json(200, { data: { ...TEXTILES, ...(body as object) } }),
      [`DELETE /vendors/${EMPAQUES.id}`]: () => new Response(null, { status: 204 }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeInTheDocument();

    const textiles = (await screen.findByText('Textiles del Centro')).closest('tr')!;
    expect(within(textiles).getByText('TEX-01')).toBeInTheDocument();
    expect(within(textiles).getByText('Ciudad de México, Ciudad de México')).toBeInTheDocument();
    expect(within(textiles).getByText('Habilitado')).toBeInTheDocument();
    const empaques = screen.getByText('Empaques del Norte').closest('tr')!;
    expect(within(empaques).getByText('Monterrey, Nuevo León')).toBeInTheDocument();
    expect(within(empaques).getByText('Deshabilitado')).toBeInTheDocument();
    const toggleOf = (name: string) =>
      screen.getByRole('switch', { name: `Habilitar ${name}` }) as HTMLInputElement;
    expect(toggleOf('Empaques del Norte').checked).toBe(false);
    expect(toggleOf('Textiles del Centro').checked).toBe(true);

    fireEvent.click(toggleOf('Textiles del Centro'));
    expect(await screen.findByText('Deshabilitamos a «Textiles del Centro».')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PATCH /vendors/${TEXTILES.id}/status`)?.body).toEqual(
      { status: 'disabled' },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Empaques del Norte' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/«Empaques del Norte» \(EMP-02\)/)).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminamos a «Empaques del Norte».')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /vendors/${EMPAQUES.id}`)).toBe(true);
  }, 15_000);

  it('filters by status and searches, asking the API for each', async () => {
    const queries: string[] = [];
    stubApi({
      'GET /vendors': (_body, url) => {
        queries.push(url.search);
        if (url.searchParams.get('status') === 'disabled') return page([EMPAQUES]);
        if (url.searchParams.get('search') === 'tex') return page([TEXTILES]);
        return page([TEXTILES, EMPAQUES]);
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    await screen.findByText('Textiles del Centro');

    fireEvent.change(screen.getByLabelText('Estatus'), { target: { value: 'disabled' } });
    await waitFor(() => expect(screen.queryByText('Textiles del Centro')).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.getByText('Empaques del Norte')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('status=disabled');

    fireEvent.change(screen.getByLabelText('Estatus'), { target: { value: '' } });
    expect(
      await screen.findByText('Textiles del Centro', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Buscar proveedor'), { target: { value: 'tex' } });
    await waitFor(() => expect(screen.queryByText('Empaques del Norte')).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.getByText('Textiles del Centro')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('search=tex');
    expect(queries.at(-1)).not.toContain('status');
  }, 15_000);

  it('says when there are no vendors yet', async () => {
    stubApi({ 'GET /vendors': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    expect(await screen.findByText(/Aún no tienes proveedores/)).toBeInTheDocument();
  });

  it('validates the drawer before calling the API', async () => {
    const calls = stubApi({ 'GET /vendors': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar proveedor' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(field(drawer, /^Código(?! postal)/), { target: { value: 'con espacio' } });
    fireEvent.change(field(drawer, /^Correo electrónico/), { target: { value: 'no-es-correo' } });
    fireEvent.change(field(drawer, /^Referencia/), { target: { value: 'r'.repeat(16) } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar proveedor' }));
    expect(
      await within(drawer).findByText(
        'Usa solo letras, números, guiones y guiones bajos (máximo 20).',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Ingresa un correo electrónico válido.')).toBeInTheDocument();
    expect(within(drawer).getByText('Escribe máximo 15 caracteres.')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Este campo es obligatorio.').length).toBeGreaterThan(3);
    expect(calls.some((call) => call.key === 'POST /vendors')).toBe(false);
  });

  it('edits a vendor from its current values, keeping it disabled', async () => {
    const calls = stubApi({
      'GET /vendors': () => page([EMPAQUES]),
      [`PUT /vendors/${EMPAQUES.id}`]: (body) =>
        json(200, { data: { ...EMPAQUES, ...(body as object) } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Empaques del Norte' }));
    const drawer = await screen.findByRole('dialog');
    expect(field(drawer, /^Código(?! postal)/).value).toBe('EMP-02');
    expect(field(drawer, /^Ciudad/).value).toBe('Monterrey');
    expect(
      (within(drawer).getByRole('switch', { name: /Proveedor habilitado/ }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    fireEvent.change(field(drawer, /^Nombre/), { target: { value: 'Empaques Regios' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('Guardamos los cambios de «Empaques Regios».'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PUT /vendors/${EMPAQUES.id}`)?.body).toMatchObject({
      name: 'Empaques Regios',
      code: 'EMP-02',
      status: 'disabled',
      address: { city: 'Monterrey', state: 'Nuevo León', zip: '06000' },
    });
  });

  it('sends the vendor with its nested address and shows a taken code under the field', async () => {
    const calls = stubApi({
      'GET /vendors': () => page([]),
      'POST /vendors': () =>
        json(409, {
          error: {
            code: 'VENDOR_CODE_TAKEN',
            message: 'Ya tienes un proveedor con este código.',
            fields: { code: 'Ya tienes un proveedor con este código.' },
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar proveedor' }));
    const drawer = await screen.findByRole('dialog');
    const type = (label: RegExp, value: string) =>
      fireEvent.change(field(drawer, label), { target: { value } });
    type(/^Nombre/, 'Textiles del Centro');
    type(/^Código(?! postal)/, 'tex-01');
    type(/^Correo electrónico/, 'Ventas@Textiles.mx');
    type(/^Estado/, 'Ciudad de México');
    type(/^Municipio/, 'Cuauhtémoc');
    type(/^Ciudad/, 'Ciudad de México');
    type(/^Colonia/, 'Centro');
    type(/^Calle/, 'República de El Salvador');
    type(/^Número exterior/, '120');
    fireEvent.click(within(drawer).getByRole('switch', { name: /Proveedor habilitado/ }));
    type(/^Código postal/, '06000');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar proveedor' }));

    const codeInput = field(drawer, /^Código(?! postal)/);
    await waitFor(() => expect(codeInput.getAttribute('aria-invalid')).toBe('true'));
    expect(within(drawer).getAllByText('Ya tienes un proveedor con este código.')).toHaveLength(2);
    expect(calls.find((call) => call.key === 'POST /vendors')?.body).toEqual({
      name: 'Textiles del Centro',
      code: 'TEX-01',
      email: 'ventas@textiles.mx',
      status: 'disabled',
      address: {
        street: 'República de El Salvador',
        external_number: '120',
        neighborhood: 'Centro',
        city: 'Ciudad de México',
        municipality: 'Cuauhtémoc',
        state: 'Ciudad de México',
        zip: '06000',
        country: 'MX',
      },
    });
  });
});
