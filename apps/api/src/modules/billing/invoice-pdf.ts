import { formatMoney } from '@despacho/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdfText } from '../../platform/pdf-text';
import { CONCEPTS, cfdiDate } from './cfdi';
import type { InvoiceRow } from './billing.repository';

const SANDBOX_TEXT = 'SANDBOX — SIN VALIDEZ FISCAL';

/**
 * The printed representation of a stamped CFDI (PDF): issuer, receiver, folio and fiscal folio
 * (UUID), the concept with its VAT, totals and the seals. Sandbox invoices carry a large red
 * "SANDBOX — SIN VALIDEZ FISCAL" mark. Standard Helvetica (WinAnsi): Spanish accents print.
 */
export async function invoicePdf(row: InvoiceRow, sandbox: boolean): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`CFDI ${row.series}${row.folio}`);
  pdf.setSubject(`Folio fiscal ${row.uuid ?? ''}`);
  pdf.setCreator('Despacho');
  pdf.setProducer('Despacho');
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 750;
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont } = {}) => {
    page.drawText(pdfText(value, options.font ?? regular), {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
    });
  };
  const line = (label: string, value: string) => {
    text(label, 50, { font: bold });
    text(value, 190);
    y -= 15;
  };

  text(`Factura ${row.series}${row.folio}`, 50, { size: 18, font: bold });
  text('CFDI 4.0 · Ingreso', 400, { size: 12 });
  y -= 30;
  if (sandbox) drawSandboxMark(page, bold, y);
  y -= sandbox ? 40 : 0;

  text('Emisor', 50, { size: 12, font: bold });
  y -= 16;
  line('RFC', row.issuerRfc);
  line('Nombre', row.issuerName);
  line('Régimen fiscal', row.issuerRegime);
  line('Lugar de expedición', row.issuerZip);
  y -= 8;
  text('Receptor', 50, { size: 12, font: bold });
  y -= 16;
  line('RFC', row.receiverRfc);
  line('Nombre', row.receiverName);
  line('Régimen fiscal', row.receiverRegime);
  line('Uso CFDI', row.receiverUse);
  line('Domicilio fiscal (C.P.)', row.receiverZip);
  y -= 8;
  text('Comprobante', 50, { size: 12, font: bold });
  y -= 16;
  line('Serie y folio', `${row.series}${row.folio}`);
  line('Folio fiscal (UUID)', row.uuid ?? 'Sin timbrar');
  line('Fecha de emisión', cfdiDate(row.createdAt));
  line('Fecha de timbrado', row.stampedAt ? cfdiDate(row.stampedAt) : '—');
  line(
    'Forma de pago',
    row.paymentForm === '04'
      ? '04 - Tarjeta de crédito'
      : '03 - Transferencia electrónica de fondos',
  );
  line('Método de pago', 'PUE - Pago en una sola exhibición');
  line('Moneda', 'MXN');
  y -= 8;

  const concept = CONCEPTS[row.kind as keyof typeof CONCEPTS];
  text('Conceptos', 50, { size: 12, font: bold });
  y -= 16;
  text('Clave', 50, { font: bold });
  text('Unidad', 110, { font: bold });
  text('Descripción', 160, { font: bold });
  text('Importe', 500, { font: bold });
  y -= 15;
  text(concept.productCode, 50);
  text(concept.unitCode, 110);
  text(concept.description, 160, { size: 9 });
  text(formatMoney(row.subtotal), 500);
  y -= 15;
  text('Objeto de impuesto 02 · Traslado IVA 002 Tasa 16%', 160, { size: 9 });
  y -= 25;
  line('Subtotal', formatMoney(row.subtotal));
  line('IVA trasladado 16%', formatMoney(row.vat));
  line('Total', formatMoney(row.total));
  y -= 10;
  text('Este documento es una representación impresa de un CFDI', 50, { font: bold });
  y -= 15;
  if (sandbox) {
    text(`${SANDBOX_TEXT}: timbrado por el PAC de pruebas; sellos y certificados ficticios.`, 50, {
      size: 8,
    });
  }
  return Buffer.from(await pdf.save());
}

function drawSandboxMark(page: PDFPage, font: PDFFont, y: number) {
  page.drawRectangle({
    x: 45,
    y: y - 8,
    width: 522,
    height: 32,
    color: rgb(1, 0.92, 0.92),
    borderColor: rgb(0.8, 0, 0),
    borderWidth: 2,
  });
  page.drawText(pdfText(SANDBOX_TEXT, font), { x: 120, y, size: 20, font, color: rgb(0.8, 0, 0) });
}
