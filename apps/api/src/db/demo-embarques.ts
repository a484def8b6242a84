import {
  embarqueCreateSchema,
  embarqueExpensesSchema,
  paymentRequestCreateSchema,
  productsQuerySchema,
  type EmbarqueCreateInput,
  type EmbarqueStep,
} from '@despacho/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Services } from '../modules/services';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The demo products the embarques bring in (names and codes of demo-catalogue.ts). */
export const DEMO_EMBARQUE_PRODUCTS = {
  sneakers: { name: 'Tenis para Correr Ligero', code: '6402199903' },
  headphones: { name: 'Audífonos Inalámbricos Bluetooth', code: '8518220202' },
} as const;

/** A one-page PDF standing for a document a supplier or the customs broker gave. */
async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf
    .addPage([595, 842])
    .drawText(`${title} — DEMO, SIN VALIDEZ`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

/**
 * "Comercio Demo"'s embarques (issue 25), written through the embarques services as the staff
 * user and the merchant would, so every rule holds (transitions and their guards, payments on
 * the ledger, the service's CFDI, notifications, audit): sneakers from Shenzhen at customs, the
 * advance paid and the pedimento recorded; and headphones from Los Angeles delivered and
 * closed, the unused advance refunded and the service invoiced.
 */
export async function seedDemoEmbarques(
  services: Services,
  {
    organizationId,
    ownerId,
    staffId,
  }: { organizationId: string; ownerId: string; staffId: string },
  seedClock: { backdateMs: number },
): Promise<void> {
  const { embarques, staffEmbarques, products, files } = services;
  const at = (agoMs: number) => (seedClock.backdateMs = agoMs);
  const productId = async (name: string) => {
    const { data } = await products.list(
      organizationId,
      productsQuerySchema.parse({ search: name }),
    );
    return data.find((product) => product.name === name)!.id;
  };
  const line = async (
    product: (typeof DEMO_EMBARQUE_PRODUCTS)[keyof typeof DEMO_EMBARQUE_PRODUCTS],
    quantity: number,
    valueCents: number,
    origin: string,
  ) => ({
    product_id: await productId(product.name),
    code: product.code,
    commercial_quantity: quantity,
    commercial_unit: 'pieza',
    customs_quantity: quantity,
    value_cents: valueCents,
    currency: 'USD',
    origin_country: origin,
  });
  const open = (input: Omit<EmbarqueCreateInput, 'organization_id'>) =>
    staffEmbarques.create(
      staffId,
      embarqueCreateSchema.parse({ ...input, organization_id: organizationId }),
    );
  const step = (id: string, to: EmbarqueStep) =>
    staffEmbarques.moveStep(id, staffId, { to, note: undefined });
  const requestAndPay = async (id: string, input: Record<string, unknown>, key: string) => {
    const view = await staffEmbarques.requestPayment(
      id,
      staffId,
      paymentRequestCreateSchema.parse(input),
    );
    const request = view.payment_requests.at(-1)!;
    await embarques.pay(organizationId, ownerId, id, request.id, key);
  };
  const attach = async (id: string, uploader: 'merchant' | 'staff', kind: string, name: string) => {
    const file = await files.storeBytes(await demoPdf(name), {
      organizationId,
      purpose: 'embarque.document',
      kind: 'pdf',
      name: `${name}.pdf`,
      uploadedBy: uploader === 'staff' ? staffId : ownerId,
    });
    const form = { fields: { kind }, file, fileError: null };
    if (uploader === 'staff') await staffEmbarques.uploadDocument(id, staffId, form, 'es');
    else await embarques.uploadDocument(organizationId, ownerId, id, form, 'es');
  };

  // Headphones by air, opened ten days ago, now closed.
  at(10 * DAY_MS);
  const closed = await open({
    direction: 'import',
    mode: 'air',
    incoterm: 'DAP',
    supplier: { name: 'Pacific Audio Supply LLC', country: 'USA' },
    origin: { country: 'USA', place: 'Los Ángeles (LAX)' },
    destination: { country: 'MEX', place: 'AICM, Ciudad de México' },
    customer_reference: 'OC-2026-007',
    lines: [await line(DEMO_EMBARQUE_PRODUCTS.headphones, 200, 240_000, 'CHN')],
  });
  await attach(closed.id, 'merchant', 'commercial_invoice', 'Factura comercial PAS-4471');
  at(9 * DAY_MS);
  await requestAndPay(
    closed.id,
    {
      kind: 'advance',
      concept: 'Anticipo de impuestos y gastos de despacho',
      amount_centavos: 120_000,
    },
    'demo-embarque-closed-advance',
  );
  await requestAndPay(
    closed.id,
    { kind: 'service', concept: 'Gestión del embarque', amount_centavos: 34_800 },
    'demo-embarque-closed-service',
  );
  await step(closed.id, 'in_transit');
  at(7 * DAY_MS);
  await step(closed.id, 'customs');
  await attach(closed.id, 'staff', 'bill_of_lading', 'Guía aérea 125-88431220');
  await staffEmbarques.recordPedimento(closed.id, staffId, '264734296000871');
  at(6 * DAY_MS);
  await staffEmbarques.recordSemaforo(closed.id, staffId, { result: 'green', note: undefined });
  await step(closed.id, 'dispatch');
  await attach(closed.id, 'staff', 'pedimento', 'Pedimento 26 47 3429 6000871');
  at(5 * DAY_MS);
  await step(closed.id, 'delivered');
  await attach(closed.id, 'staff', 'proof_of_delivery', 'Prueba de entrega');
  await staffEmbarques.setExpenses(
    closed.id,
    staffId,
    embarqueExpensesSchema.parse({
      expenses: [
        { concept: 'dta', amount_centavos: 43_600 },
        { concept: 'iva', amount_centavos: 38_400 },
        { concept: 'prevalidation', amount_centavos: 3_000 },
        { concept: 'customs_broker', amount_centavos: 20_000 },
      ],
    }),
  );
  at(4 * DAY_MS);
  await staffEmbarques.settle(closed.id, staffId, 'es');
  await staffEmbarques.invoice(closed.id, staffId);
  await staffEmbarques.recordSupplierPayment(closed.id, staffId, {
    amount_cents: 240_000,
    currency: 'USD',
    paid_on: '2026-02-16',
    reference: 'Transferencia SWIFT PAS-4471',
  });
  await step(closed.id, 'closed');

  // Sneakers by sea, opened five days ago, at customs with the advance paid.
  at(5 * DAY_MS);
  const atCustoms = await open({
    direction: 'import',
    mode: 'sea',
    incoterm: 'FOB',
    supplier: { name: 'Shenzhen Stride Footwear Co.', country: 'CHN' },
    origin: { country: 'CHN', place: 'Shenzhen (Yantian)' },
    destination: { country: 'MEX', place: 'Manzanillo, Colima' },
    customer_reference: 'OC-2026-011',
    lines: [await line(DEMO_EMBARQUE_PRODUCTS.sneakers, 300, 540_000, 'CHN')],
  });
  await attach(atCustoms.id, 'merchant', 'commercial_invoice', 'Factura comercial SSF-2291');
  await attach(atCustoms.id, 'merchant', 'packing_list', 'Lista de empaque SSF-2291');
  await step(atCustoms.id, 'in_transit');
  at(1 * DAY_MS);
  await step(atCustoms.id, 'customs');
  await requestAndPay(
    atCustoms.id,
    { kind: 'advance', concept: 'Anticipo de impuestos (IGI, DTA, IVA)', amount_centavos: 80_000 },
    'demo-embarque-customs-advance',
  );
  await staffEmbarques.recordPedimento(atCustoms.id, staffId, '261634296001502');
  seedClock.backdateMs = 0;
}
