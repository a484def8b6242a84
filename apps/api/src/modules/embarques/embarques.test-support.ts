import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { multipart, sampleFiles } from '../../../test/multipart';
import { callAs, type TestUser } from '../../../test/users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** An embarque's header as staff open it (no lines: they need the tariff catalogue). */
export const embarqueBody = (organizationId: string, extra: Record<string, unknown> = {}) => ({
  organization_id: organizationId,
  direction: 'import',
  mode: 'sea',
  incoterm: 'FOB',
  supplier: { name: 'Shenzhen Bright Textiles Co.', country: 'CHN' },
  origin: { country: 'CHN', place: 'Shenzhen' },
  destination: { country: 'MEX', place: 'Manzanillo' },
  customer_reference: 'OC-2026-014',
  ...extra,
});

/** A document upload's request, spread into `app.inject`. */
export const documentForm = (kind: string, content = sampleFiles.pdf(), name = 'factura.pdf') =>
  multipart({ name, content, type: 'application/pdf' }, { kind });

/** Sends a document's form to `url` as the user. */
export function upload(
  ctx: Ctx,
  user: TestUser,
  url: string,
  form: ReturnType<typeof multipart>,
  language = 'es',
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: user.headers({ ...form.headers, 'x-language': language }),
    payload: form.payload,
  });
}

/**
 * An embarque staff opened for the organization, with a document and a payment request: the
 * ids another organization's caller then tries.
 */
export async function createTenantEmbarque(ctx: Ctx, staff: TestUser, organizationId: string) {
  const created = await callAs(
    ctx.app,
    staff,
    'POST',
    '/staff/embarques',
    embarqueBody(organizationId),
  );
  expect(created.statusCode, created.body).toBe(201);
  const embarqueId = created.json().data.id as string;
  const uploaded = await upload(
    ctx,
    staff,
    `/staff/embarques/${embarqueId}/documents`,
    documentForm('commercial_invoice'),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const requested = await callAs(
    ctx.app,
    staff,
    'POST',
    `/staff/embarques/${embarqueId}/payment-requests`,
    { kind: 'advance', concept: 'Anticipo de impuestos', amount_centavos: 100_000 },
  );
  expect(requested.statusCode, requested.body).toBe(201);
  return {
    embarqueId,
    embarqueDocumentId: uploaded.json().data.id as string,
    embarquePaymentRequestId: requested.json().data.payment_requests[0].id as string,
  };
}
