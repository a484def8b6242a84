import type { ShipmentDetail, ShipmentParty, T1Duties, T1Reason } from '@despacho/domain';
import { DEMO_MARK, pdfDocument } from '../../platform/pdf-document';
import type { DeclarationRow } from './declarations.repository';

const REASONS: Record<T1Reason, string> = {
  sale: 'Venta / Sale',
  gift: 'Regalo / Gift',
  sample: 'Muestra / Sample',
  return: 'Devolución / Return',
  repair: 'Reparación / Repair',
  personal_effects: 'Efectos personales / Personal effects',
  other: 'Otro / Other',
};

const amount = (cents: number, currency: string) =>
  `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** "6109.10.01 NICO 00": the fracción as the TIGIE prints it, then its NICO. */
const tariffCode = (fraction: string, nico: string) =>
  `${fraction.slice(0, 4)}.${fraction.slice(4, 6)}.${fraction.slice(6)} NICO ${nico}`;

function partyLines(party: ShipmentParty): string[] {
  const street = [party.street, party.external_number, party.internal_number]
    .filter(Boolean)
    .join(' ');
  return [
    party.company ? `${party.contact_name} · ${party.company}` : party.contact_name,
    [street, party.neighborhood].filter(Boolean).join(', '),
    [party.city, party.state, party.zip, party.country].filter(Boolean).join(', '),
    [party.phone, party.email].filter(Boolean).join(' · '),
  ];
}

/**
 * The commercial invoice of a T1 shipment, in Spanish and English as couriers take it: shipper
 * and consignee (with the recipient's tax ID), the guide, incoterm, reason, currency, each line
 * with its fracción + NICO (the HS code's first six digits), origin, quantity and values, the
 * totals and the duties estimate. Outside production every page carries the demo mark.
 */
export async function commercialInvoicePdf(input: {
  declaration: DeclarationRow;
  duties: T1Duties;
  shipment: ShipmentDetail;
  sandbox: boolean;
}): Promise<Buffer> {
  const { declaration, duties, shipment, sandbox } = input;
  const currency = declaration.currency;
  const doc = await pdfDocument({
    title: `Factura comercial ${shipment.tracking_number ?? ''}`,
    sandbox,
  });
  doc.paragraph('Factura comercial / Commercial invoice', { size: 18, bold: true });
  doc.paragraph(
    `${shipment.carrier_name} ${shipment.service_name} · Guía / AWB ${shipment.tracking_number ?? '—'} · ${shipment.created_at.slice(0, 10)}`,
    { size: 11 },
  );
  if (sandbox) {
    doc.paragraph(`${DEMO_MARK}: guía de paquetería de prueba; no se presentó a ninguna aduana.`, {
      size: 9,
      bold: true,
    });
  }
  doc.heading('Remitente / Shipper (exporter)');
  for (const line of partyLines(shipment.origin)) doc.paragraph(line);
  doc.heading('Destinatario / Consignee (importer)');
  for (const line of partyLines(shipment.destination)) doc.paragraph(line);
  if (declaration.recipientTaxId) {
    doc.field('Identificación fiscal / Tax ID', declaration.recipientTaxId);
  }

  doc.heading('Condiciones / Terms');
  doc.field('Incoterm', `${declaration.incoterm} (Incoterms 2020)`);
  doc.field(
    'Motivo / Reason for export',
    REASONS[declaration.reason] + (declaration.reasonDetail ? `: ${declaration.reasonDetail}` : ''),
  );
  doc.field('Moneda / Currency', currency);
  if (declaration.reference) doc.field('Referencia / Reference', declaration.reference);

  doc.heading('Mercancías / Goods');
  declaration.lines.forEach((line, index) => {
    doc.paragraph(`${index + 1}. ${line.description}`, { bold: true });
    doc.paragraph(
      `HS ${line.fraction.slice(0, 6)} · Fracción ${tariffCode(line.fraction, line.nico)} · Origen / Origin ${line.origin_country} · ${line.quantity} × ${amount(line.unit_value, currency)} = ${amount(line.subtotal, currency)}`,
      { x: 62 },
    );
  });
  doc.space(4);
  doc.field('Total', amount(declaration.invoiceTotalCents, currency));
  doc.field(
    'Valor en USD / Value in USD',
    `${amount(duties.value_usd_cents, 'USD')} (tipo de cambio / rate ${duties.exchange_rate.usd_mxn} MXN, ${duties.exchange_rate.effective_from})`,
  );
  doc.field('Peso / Weight', `${shipment.billable_weight_kg} kg facturables / billable`);
  doc.field('Impuestos estimados / Estimated duties', duties.note);
  doc.space(10);
  doc.paragraph(
    'Declaro que la información de esta factura es verdadera y correcta. / I declare that the information in this invoice is true and correct.',
    { size: 8 },
  );
  return doc.save();
}
