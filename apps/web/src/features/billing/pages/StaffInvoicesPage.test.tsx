import type { InvoiceView, StaffInvoiceView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1';
const REPLACEMENT = '11111111-2222-4333-8444-555555555555';

const INVOICE: StaffInvoiceView = {
  id: ID,
  series: 'DEP',
  folio: 12,
  folio_label: 'DEP12',
  cfdi_type: 'I',
  kind: 'deposit',
  status: 'stamped',
  user: null,
  issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE' },
  receiver: { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', generic: true },
  subtotal_centavos: 107_759,
  vat_centavos: 17_241,
  total_centavos: 125_000,
  uuid: '0E2B2F52-6F0B-4B7A-9D4B-6A1C2D3E4F50',
  sandbox: false,
  deposit_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  created_at: '2026-03-02T16:00:00.000Z',
  stamped_at: '2026-03-02T16:00:01.000Z',
  cancellation: null,
  organization: { id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60', name: 'Abarrotes Don Chuy' },
};

const page = (rows: StaffInvoiceView[]) =>
  json(200, { data: rows, meta: { page: 1, pageSize: 20, total: rows.length } });

const cancelled = (
  body: { motive: '01' | '02' | '03' | '04'; substitution_uuid?: string | null },
  status: 'pending' | 'accepted',
): InvoiceView => ({
  ...INVOICE,
  cancellation: {
    motive: body.motive,
    substitution_uuid: body.substitution_uuid ?? null,
    status,
    requested_at: '2026-03-03T10:00:00.000Z',
  },
});

beforeEach(() => {
  saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

async function openDialog() {
  await renderApp('/staff/invoices');
  expect(screen.getByRole('heading', { level: 1, name: 'Facturas' })).toBeTruthy();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Cancelar CFDI DEP12 de Abarrotes Don Chuy' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar CFDI DEP12' });
  const motive = within(dialog).getByRole('combobox', { name: /Motivo de cancelación \(SAT\)/ });
  const submit = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar CFDI' }));
  return { dialog, motive, submit };
}

const substitutionField = (dialog: HTMLElement) =>
  within(dialog).queryByRole('textbox', { name: /Folio fiscal \(UUID\) de la factura/ });

describe('staff/invoices', { timeout: 20_000 }, () => {
  it('asks for the replacing UUID with reason 01 only, and sends it', async () => {
    const calls = stubApi({
      'GET /staff/invoices': () => page([INVOICE]),
      [`POST /staff/invoices/${ID}/cancellation`]: (body) =>
        json(200, { data: cancelled(body as { motive: '01' }, 'pending') }),
    });
    const { dialog, motive, submit } = await openDialog();
    expect(within(dialog).getByText(/Abarrotes Don Chuy con folio fiscal 0E2B2F52/)).toBeTruthy();

    submit();
    expect(await within(dialog).findByText('Selecciona una opción válida.')).toBeTruthy();

    fireEvent.change(motive, { target: { value: '01' } });
    const uuid = substitutionField(dialog)!;
    submit();
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    fireEvent.change(uuid, { target: { value: 'DEP12' } });
    submit();
    expect(
      await within(dialog).findByText(/El folio fiscal \(UUID\) tiene 36 caracteres/),
    ).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    fireEvent.change(uuid, { target: { value: REPLACEMENT } });
    submit();
    expect(await within(dialog).findByText(/Cancelación solicitada: queda pendiente/)).toBeTruthy();
    expect(
      calls.find((call) => call.key === `POST /staff/invoices/${ID}/cancellation`)?.body,
    ).toEqual({
      motive: '01',
      substitution_uuid: REPLACEMENT.toUpperCase(),
    });
  });

  it.each(['02', '03', '04'] as const)(
    'hides the UUID for reason %s and sends the reason alone',
    async (value) => {
      const calls = stubApi({
        'GET /staff/invoices': () => page([INVOICE]),
        [`POST /staff/invoices/${ID}/cancellation`]: (body) =>
          json(200, { data: cancelled(body as { motive: typeof value }, 'accepted') }),
      });
      const { dialog, motive, submit } = await openDialog();
      // A UUID typed under 01 is dropped when another reason is chosen.
      fireEvent.change(motive, { target: { value: '01' } });
      fireEvent.change(substitutionField(dialog)!, { target: { value: REPLACEMENT } });
      fireEvent.change(motive, { target: { value } });
      expect(substitutionField(dialog)).toBeNull();
      submit();
      expect(await within(dialog).findByText(/El SAT aceptó la cancelación/)).toBeTruthy();
      expect(
        calls.find((call) => call.key === `POST /staff/invoices/${ID}/cancellation`)?.body,
      ).toEqual({ motive: value, substitution_uuid: null });
    },
  );

  it("shows the PAC's refusal in the user's language, and keeps the dialog open", async () => {
    stubApi({
      'GET /staff/invoices': () => page([INVOICE]),
      [`POST /staff/invoices/${ID}/cancellation`]: () =>
        json(422, {
          error: {
            code: 'INVOICE_CANCELLATION_REFUSED',
            message: 'El PAC rechazó la cancelación: el CFDI ya fue cancelado.',
          },
        }),
    });
    const { dialog, motive, submit } = await openDialog();
    fireEvent.change(motive, { target: { value: '02' } });
    submit();
    expect(
      await within(dialog).findByText('El PAC rechazó la cancelación: el CFDI ya fue cancelado.'),
    ).toBeTruthy();
  });

  it('keeps one invoice from the audit log, with its cancellation and no action', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /staff/invoices': (_body, url) => {
        urls.push(url);
        return page([{ ...INVOICE, ...cancelled({ motive: '03' }, 'pending') }]);
      },
    });
    await renderApp(`/staff/invoices?id=${ID}`);
    expect(await screen.findByText('Cancelación pendiente')).toBeTruthy();
    expect(screen.getByText('Motivo 03: No se llevó a cabo la operación')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancelar CFDI/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver todas las facturas' })).toBeTruthy();
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('id')).toBe(ID));
  });
});
