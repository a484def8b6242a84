import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnTexts, pageContent } from '../../platform/pdf-text.test-support';
import type { InvoiceRow } from './billing.repository';
import { invoicePdf } from './invoice-pdf';

const row = (overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: randomUUID(),
  organizationId: randomUUID(),
  series: 'DEP',
  folio: 42,
  cfdiType: 'I',
  kind: 'deposit',
  depositId: randomUUID(),
  ledgerTransactionId: randomUUID(),
  paymentForm: '03',
  triggeredBy: null,
  issuerRfc: 'DES250101AB1',
  issuerName: 'Despacho Logística',
  issuerRegime: '601',
  issuerZip: '06600',
  receiverRfc: 'PEPL800101AB1',
  receiverName: 'Lucía Pérez Núñez',
  receiverRegime: '612',
  receiverUse: 'G03',
  receiverZip: '68000',
  subtotal: 100_000,
  vat: 16_000,
  total: 116_000,
  status: 'stamped',
  pac: 'sandbox',
  uuid: randomUUID(),
  stampedAt: new Date('2026-03-02T18:00:00Z'),
  xml: '<cfdi/>',
  failureReason: null,
  providerId: null,
  cancellationMotive: null,
  cancellationSubstitution: null,
  cancellationStatus: null,
  cancellationRequestedAt: null,
  createdAt: new Date('2026-03-02T17:59:00Z'),
  ...overrides,
});

async function texts(bytes: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) => drawnTexts(pageContent(doc, page)));
}

describe('invoicePdf', () => {
  it('prints accents and WinAnsi punctuation, and what the font lacks as "?" on one line', async () => {
    const printed = await texts(
      await invoicePdf(row({ receiverName: 'Ñandú – “El Güero”…\nŁódź 🚚 東京 ő' }), true),
    );
    expect(printed).toContain('Ñandú – “El Güero”… ?ódz ? ?? o');
    expect(printed).toContain('Despacho Logística');
    expect(printed).toContain('SANDBOX — SIN VALIDEZ FISCAL');
  });
});
