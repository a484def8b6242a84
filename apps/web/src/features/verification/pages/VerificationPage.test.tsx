import type { Verification, VerificationDocument } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const PATH = '/app/settings/verification';

const doc = (kind: VerificationDocument['kind'], file_name: string): VerificationDocument => ({
  kind,
  file_name,
  file_type: file_name.endsWith('.pdf') ? 'pdf' : 'png',
  size: 250 * 1024,
  uploaded_at: '2026-03-02T16:00:00.000Z',
});

const ALL_DOCUMENTS = {
  id: doc('id', 'ine.png'),
  address: doc('address', 'recibo.pdf'),
  tax_status: doc('tax_status', 'csf.pdf'),
};

function verification(overrides: Partial<Verification> = {}): Verification {
  return {
    status: 'not_started',
    person_type: null,
    documents: { id: null, address: null, tax_status: null },
    submitted_at: null,
    reviewed_at: null,
    failure_reason: null,
    ...overrides,
  };
}

const section = (name: string) => screen.getByRole('region', { name });
const pickFile = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

beforeEach(() => saveSession(makeSession(), 'SESSION'));
afterEach(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await setLanguage('es');
});

describe('account verification screen', () => {
  it('starts with the three steps, every document missing, and asks for the person type', async () => {
    const calls = stubApi({ 'GET /verification': () => json(200, { data: verification() }) });
    await renderApp(PATH);

    expect(
      await screen.findByRole('heading', { name: 'Verificación de cuenta' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Estado de la verificación: Sin enviar')).toBeInTheDocument();
    expect(screen.getByText('Verifica tu cuenta')).toBeInTheDocument();
    for (const title of [
      'Identificación oficial',
      'Comprobante de domicilio',
      'Constancia de situación fiscal',
    ]) {
      expect(within(section(title)).getByText('Aún no lo subes')).toBeInTheDocument();
    }
    expect(
      screen.getByRole('button', { name: 'Subir identificación oficial' }),
    ).toBeInTheDocument();
    // The breadcrumb (and the menu) lead back to "Mi empresa".
    for (const link of screen.getAllByRole('link', { name: 'Mi empresa' })) {
      expect(link.getAttribute('href')).toBe('/app/settings/details');
    }

    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /verification/submit')).toBe(false);
  });

  it('checks size and type before uploading, then uploads the file picked', async () => {
    const calls = stubApi({
      'GET /verification': () => json(200, { data: verification() }),
      'PUT /verification/documents/id': () =>
        json(200, {
          data: verification({
            documents: { ...verification().documents, id: doc('id', 'ine.png') },
          }),
        }),
    });
    await renderApp(PATH);
    await screen.findByRole('heading', { name: 'Verificación de cuenta' });
    const input = 'Archivo de identificación oficial';

    pickFile(
      input,
      new File([new Uint8Array(1024 * 1024 + 1)], 'ine.pdf', { type: 'application/pdf' }),
    );
    expect(
      await within(section('Identificación oficial')).findByText(
        'El archivo supera el tamaño máximo de 1 MB.',
      ),
    ).toBeInTheDocument();
    pickFile(input, new File(['MZ'], 'ine.png.exe', { type: 'application/x-msdownload' }));
    expect(
      await screen.findByText(
        'Este tipo de archivo no está permitido. Sube un archivo PDF, JPG, PNG.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    const file = new File([new Uint8Array(2048)], 'ine.png', { type: 'image/png' });
    pickFile(input, file);
    expect(
      await within(section('Identificación oficial')).findByText(/^ine\.png · 250 KB/),
    ).toBeInTheDocument();
    const upload = calls.find((call) => call.key === 'PUT /verification/documents/id');
    expect((upload?.body as FormData).get('file')).toBe(file);
    expect(
      screen.getByRole('button', { name: 'Reemplazar identificación oficial' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver identificación oficial' })).toBeInTheDocument();
  });

  it('says which documents are missing without asking the server', async () => {
    const calls = stubApi({
      'GET /verification': () => json(200, { data: verification({ person_type: 'company' }) }),
    });
    await renderApp(PATH);
    await screen.findByRole('heading', { name: 'Verificación de cuenta' });
    expect(screen.getByRole('radio', { name: /Persona moral/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(
      await screen.findByText(
        'Sube tu identificación oficial, comprobante de domicilio y constancia de situación fiscal antes de enviar.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /verification/submit')).toBe(false);
  });

  it('submits with the person type chosen and then shows the documents under review', async () => {
    const calls = stubApi({
      'GET /verification': () => json(200, { data: verification({ documents: ALL_DOCUMENTS }) }),
      'POST /verification/submit': (body) =>
        json(200, {
          data: verification({
            status: 'in_process',
            person_type: (body as { person_type: 'individual' }).person_type,
            documents: ALL_DOCUMENTS,
            submitted_at: '2026-03-02T16:00:00.000Z',
          }),
        }),
    });
    await renderApp(PATH);
    await screen.findByRole('heading', { name: 'Verificación de cuenta' });

    fireEvent.click(screen.getByRole('radio', { name: /Persona física/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));

    expect(await screen.findByText('Tus documentos están en revisión')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /verification/submit')?.body).toEqual({
      person_type: 'individual',
    });
    expect(screen.getByLabelText('Estado de la verificación: En revisión')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar a revisión' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reemplazar/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Ver comprobante de domicilio' }),
    ).toBeInTheDocument();
  });

  it('shows a rejection with its reason and lets the merchant replace documents and resubmit', async () => {
    stubApi({
      'GET /verification': () =>
        json(200, {
          data: verification({
            status: 'failed',
            person_type: 'individual',
            documents: ALL_DOCUMENTS,
            submitted_at: '2026-03-02T16:00:00.000Z',
            reviewed_at: '2026-03-03T16:00:00.000Z',
            failure_reason: 'La identificación está borrosa.',
          }),
        }),
    });
    await renderApp(PATH);

    expect(await screen.findByText('Rechazamos tu verificación')).toBeInTheDocument();
    expect(screen.getByText('Motivo: La identificación está borrosa.')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado de la verificación: Rechazada')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Reemplazar identificación oficial' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar a revisión' })).toBeInTheDocument();
  });

  it('keeps the reason in sight while the merchant fixes the documents', async () => {
    stubApi({
      'GET /verification': () =>
        json(200, {
          data: verification({
            person_type: 'individual',
            documents: ALL_DOCUMENTS,
            failure_reason: 'La identificación está borrosa.',
          }),
        }),
    });
    await renderApp(PATH);
    expect(await screen.findByText('Corrige tu verificación')).toBeInTheDocument();
    expect(screen.getByText('Motivo: La identificación está borrosa.')).toBeInTheDocument();
  });

  it('shows a verified account with nothing left to do, in English too', async () => {
    stubApi({
      'GET /verification': () =>
        json(200, {
          data: verification({
            status: 'verified',
            person_type: 'company',
            documents: ALL_DOCUMENTS,
            submitted_at: '2026-03-02T16:00:00.000Z',
            reviewed_at: '2026-03-03T16:00:00.000Z',
          }),
        }),
    });
    await setLanguage('en');
    await renderApp(PATH);
    expect(await screen.findByText('Your account is verified')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification status: Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upload|^Replace/ })).toBeNull();
  });

  it('is a screen of "Mi empresa": users without that permission go home', async () => {
    stubApi({});
    saveSession(
      makeSession({ user: { ...makeSession().user, permissions: ['dashboard'] } }),
      'SESSION',
    );
    const router = await renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });
});
