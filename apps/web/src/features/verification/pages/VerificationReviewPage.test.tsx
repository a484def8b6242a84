import type { StaffVerification } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ORG = '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60';
const BASE = `/staff/verifications/${ORG}`;

function staffVerification(overrides: Partial<StaffVerification> = {}): StaffVerification {
  const uploaded_at = '2026-03-02T16:00:00.000Z';
  return {
    organization_id: ORG,
    organization_name: 'Abarrotes Don Chuy',
    status: 'in_process',
    person_type: 'company',
    documents: {
      id: { kind: 'id', file_name: 'ine.png', file_type: 'png', size: 2048, uploaded_at },
      address: {
        kind: 'address',
        file_name: 'recibo.pdf',
        file_type: 'pdf',
        size: 4096,
        uploaded_at,
      },
      tax_status: {
        kind: 'tax_status',
        file_name: 'csf.jpg',
        file_type: 'jpeg',
        size: 4096,
        uploaded_at,
      },
    },
    submitted_at: uploaded_at,
    reviewed_at: null,
    failure_reason: null,
    ...overrides,
  };
}

const image = () => new Response('png', { status: 200, headers: { 'content-type': 'image/png' } });

function stubReview(answers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET ${BASE}`]: () => json(200, { data: staffVerification() }),
    [`GET ${BASE}/documents/id`]: image,
    [`GET ${BASE}/documents/tax_status`]: image,
    ...answers,
  });
}

beforeEach(() => {
  saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
  // jsdom has no object URLs; the previews only need one to exist.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});
afterEach(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await setLanguage('es');
});

describe('staff console: reviewing a verification', () => {
  it('shows the organization, its person type and the three documents, previewing images', async () => {
    const calls = stubReview();
    await renderApp(BASE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abarrotes Don Chuy' }),
    ).toBeInTheDocument();
    expect(screen.getByText('En revisión')).toBeInTheDocument();
    expect(screen.getByText('Persona moral')).toBeInTheDocument();
    const id = screen.getByRole('region', { name: 'Identificación oficial' });
    expect(within(id).getByText(/^ine\.png · PNG/)).toBeInTheDocument();
    expect(
      await within(id).findByRole('img', { name: 'Vista previa de Identificación oficial' }),
    ).toBeInTheDocument();
    const address = screen.getByRole('region', { name: 'Comprobante de domicilio' });
    expect(within(address).getByText('Documento PDF: ábrelo para revisarlo.')).toBeInTheDocument();
    expect(
      within(address).getByRole('button', { name: 'Abrir Comprobante de domicilio' }),
    ).toBeInTheDocument();
    expect(
      within(address).getByRole('button', { name: 'Descargar Comprobante de domicilio' }),
    ).toBeInTheDocument();
    // PDFs are not fetched until opened.
    expect(calls.some((call) => call.key.endsWith('/documents/address'))).toBe(false);
    // The console's own layout: its title and sections, not the merchant menu.
    const nav = screen.getByRole('navigation', { name: 'Menú de la consola' });
    expect(within(nav).getByRole('link', { name: 'Verificaciones' }).getAttribute('href')).toBe(
      '/staff',
    );
    expect(within(nav).getByRole('link', { name: 'Conversaciones' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Bitácora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Consola de operaciones' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
  });

  it('requires a reason to reject, in the reader’s language, and sends it', async () => {
    const calls = stubReview({
      [`POST ${BASE}/reject`]: (body) =>
        json(200, {
          data: staffVerification({
            status: 'failed',
            failure_reason: (body as { reason: string }).reason,
            reviewed_at: '2026-03-03T16:00:00.000Z',
          }),
        }),
    });
    await renderApp(BASE);
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar verificación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar verificación' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' }), {
      target: { value: '    ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument(),
    );
    expect(calls.some((call) => call.key === `POST ${BASE}/reject`)).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' }), {
      target: { value: 'La identificación está borrosa.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${BASE}/reject`)?.body).toEqual({
        reason: 'La identificación está borrosa.',
      }),
    );
    expect(await screen.findByText('Rechazada')).toBeInTheDocument();
    expect(screen.getByText('La identificación está borrosa.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprobar verificación' })).toBeNull();
  });

  it('words the reason rule in English for an English reader', async () => {
    stubReview();
    await setLanguage('en');
    await renderApp(BASE);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject verification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
  });

  it('approves after confirming', async () => {
    const calls = stubReview({
      [`POST ${BASE}/approve`]: () =>
        json(200, {
          data: staffVerification({ status: 'verified', reviewed_at: '2026-03-03T16:00:00.000Z' }),
        }),
    });
    await renderApp(BASE);
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar verificación' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Aprobar la verificación?' });
    expect(within(dialog).getByText(/Abarrotes Don Chuy quedará verificada/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));

    expect(await screen.findByText('Verificada')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === `POST ${BASE}/approve`)).toHaveLength(1);
    expect(screen.getByText('Esta verificación ya fue revisada.')).toBeInTheDocument();
  });

  it('shows the server’s answer for a verification that does not exist', async () => {
    stubApi({});
    await renderApp(BASE);
    expect(await screen.findByText('No encontramos lo que buscas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a verificaciones' })).toBeInTheDocument();
  });
});

describe('staff console: the verification queue', () => {
  it('lists submitted organizations with links to review them, and filters by status', async () => {
    const item = {
      organization_id: ORG,
      organization_name: 'Abarrotes Don Chuy',
      status: 'in_process',
      person_type: 'individual',
      submitted_at: '2026-03-02T16:00:00.000Z',
      reviewed_at: null,
    };
    const calls = stubApi({
      'GET /staff/verifications': (_body, url) =>
        json(200, {
          data: url.searchParams.get('status') === 'failed' ? [] : [item],
          meta: { page: 1, pageSize: 20, total: 1 },
        }),
    });
    const router = await renderApp('/staff');

    const link = await screen.findByRole('link', { name: 'Abarrotes Don Chuy' });
    expect(link.getAttribute('href')).toBe(BASE);
    expect(screen.getByText('Persona física')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET /staff/verifications')).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Rechazadas' }));
    expect(await screen.findByText('No hay verificaciones en este estado.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=failed&page=1');
  });
});
