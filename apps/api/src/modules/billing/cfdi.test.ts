import { PDFDocument, decodePDFRawStream, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildCfdi } from './cfdi';
import { checkStampedCfdi, parseXml, sampleCfdiInput } from './cfdi.test-support';
import { invoicePdf } from './invoice-pdf';
import type { InvoiceRow } from './billing.repository';
import { SANDBOX_CERTIFICATE_NUMBER, SandboxPac } from './pac';
import { element, toXml } from './xml';

const input = sampleCfdiInput;

describe('XML writer', () => {
  it('escapes every value it writes', () => {
    const xml = toXml(element('a', { Nombre: `A & B <"c"> 'd'\n` }));
    expect(xml).toContain('Nombre="A &amp; B &lt;&quot;c&quot;&gt; &apos;d&apos;&#10;"');
    expect(parseXml(xml).attributes.Nombre).toBe(`A & B <"c"> 'd'\n`);
  });

  it('refuses names and characters XML cannot hold', () => {
    expect(() => toXml(element('a b'))).toThrow();
    expect(() => toXml(element('a', { x: 'bell\u0007' }))).toThrow();
  });
});

describe('CFDI 4.0 with the sandbox PAC', () => {
  it('writes a stamped Comprobante that passes the structural checks', async () => {
    const stamped = await new SandboxPac().stamp(input(), new Date('2026-03-02T16:00:05Z'));
    const cfdi = checkStampedCfdi(stamped.xml);
    expect(cfdi.uuid).toBe(stamped.uuid);
    expect(cfdi.root.attributes).toMatchObject({
      Serie: 'DEP',
      Folio: '7',
      Fecha: '2026-03-02T10:00:00',
      SubTotal: '1077.59',
      Total: '1250.00',
      FormaPago: '03',
      LugarExpedicion: '42501',
      NoCertificado: SANDBOX_CERTIFICATE_NUMBER,
    });
    expect(cfdi.root.attributes.Sello).toMatch(/^SANDBOX-SIN-VALIDEZ-FISCAL:/);
    expect(cfdi.timbre.attributes.SelloSAT).toMatch(/^SANDBOX-SIN-VALIDEZ-FISCAL:/);
    expect(cfdi.timbre.attributes.NoCertificadoSAT).toBe('00000000000000000000');
    expect(cfdi.vat).toBe(17_241);
  });

  it('invoices the general public as a daily global invoice with the issuer zip', async () => {
    const stamped = await new SandboxPac().stamp(
      input({
        receiver: {
          rfc: 'XAXX010101000',
          name: 'PUBLICO EN GENERAL',
          regime: '616',
          use: 'S01',
          zip: '42501',
        },
        paymentForm: '04',
      }),
      new Date('2026-03-02T16:00:05Z'),
    );
    const cfdi = checkStampedCfdi(stamped.xml);
    expect(cfdi.root.children[0]!.attributes).toEqual({
      Periodicidad: '01',
      Meses: '03',
      Año: '2026',
    });
  });

  it('catches a document that breaks the rules', async () => {
    const stamped = await new SandboxPac().stamp(input(), new Date());
    expect(() =>
      checkStampedCfdi(stamped.xml.replace('Total="1250.00"', 'Total="1250.01"')),
    ).toThrow(/Total/);
    expect(() => checkStampedCfdi(stamped.xml.replace('<cfdi:Emisor', '<cfdi:Emisr'))).toThrow();
    expect(() => checkStampedCfdi(stamped.xml.replace('</cfdi:Comprobante>', ''))).toThrow();
    expect(() =>
      buildCfdi(input({ vat: 1 }), { sello: 'x', noCertificado: '0', certificado: 'x' }),
    ).toThrow();
  });
});

describe('printed representation', () => {
  it('is a PDF with the UUID, the legend and the sandbox mark', async () => {
    const row = {
      series: 'DEP',
      folio: 7,
      kind: 'deposit',
      uuid: '0E2B2F52-6F0B-4B7A-9D4B-6A1C2D3E4F50',
      createdAt: new Date('2026-03-02T16:00:00Z'),
      stampedAt: new Date('2026-03-02T16:00:05Z'),
      paymentForm: '03',
      issuerRfc: 'EKU9003173C9',
      issuerName: 'ESCUELA KEMPER URGATE',
      issuerRegime: '601',
      issuerZip: '42501',
      receiverRfc: 'XAXX010101000',
      receiverName: 'PUBLICO EN GENERAL',
      receiverRegime: '616',
      receiverUse: 'S01',
      receiverZip: '42501',
      subtotal: 107_759,
      vat: 17_241,
      total: 125_000,
    } as InvoiceRow;
    const pdf = await invoicePdf(row, true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageText(await PDFDocument.load(pdf))).toEqual(
      expect.arrayContaining([
        row.uuid,
        'Este documento es una representación impresa de un CFDI',
        'SANDBOX — SIN VALIDEZ FISCAL',
        '$1,250.00',
        'EKU9003173C9',
      ]),
    );
  });
});

/** The strings drawn on the first page (pdf-lib writes them as WinAnsi hex strings). */
function pageText(document: PDFDocument): string[] {
  const contents = document.getPage(0).node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  const texts: string[] = [];
  for (const ref of streams) {
    const stream = document.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of source.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      texts.push(winAnsiToText(Buffer.from(match[1]!, 'hex')));
    }
  }
  return texts;
}

function winAnsiToText(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte === 0x97 ? '—' : byte === 0xb7 ? '·' : String.fromCharCode(byte)))
    .join('');
}
