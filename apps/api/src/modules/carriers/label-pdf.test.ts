/**
 * Label PDF tests. The pages are read back with pdf-lib and their content streams inflated,
 * so the checks look at what is really drawn: the texts (hex strings decoded from
 * WinAnsi), the barcode bars and the QR modules, each read back by an independent decoder.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnTexts, pageContent } from '../../platform/pdf-text.test-support';
import { decodeCode128, readQr } from './barcodes.test-support';
import { labelDate, labelPdf, mergePdfs, QR_CAPTION, SANDBOX_MARK } from './label-pdf';
import { sampleLabel } from './label.test-support';

/** Filled paths drawn in module units: `q a 0 0 d e f cm`, `x y w h re`…, `f Q`. */
function modulePaths(content: string) {
  const pattern =
    /q\n([\d.]+) 0 0 (-?[\d.]+) ([\d.]+) ([\d.]+) cm\n((?:\d+ \d+ \d+ \d+ re\n)+)f\nQ/g;
  return [...content.matchAll(pattern)].map((match) => ({
    module: Number(match[1]),
    yScale: Number(match[2]),
    x: Number(match[3]),
    rects: match[5]!
      .trim()
      .split('\n')
      .map((line) => line.split(' ').slice(0, 4).map(Number) as [number, number, number, number]),
  }));
}

async function read(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const content = pageContent(doc, page);
    return { size: page.getSize(), content, texts: drawnTexts(content) };
  });
  return { doc, pages };
}

describe('labelPdf', () => {
  it('makes a 4×6 in PDF page with the tracking number in plain-text metadata', async () => {
    const label = sampleLabel(0);
    const bytes = await labelPdf([label]);
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.startsWith('%PDF-1.')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(raw).toContain(`/Title (${label.trackingNumber})`);
    expect(raw).toContain(`/Keywords (${label.trackingNumber})`);

    const { doc, pages } = await read(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.size).toEqual({ width: 288, height: 432 });
    expect(doc.getTitle()).toBe(label.trackingNumber);
    expect(doc.getCreator()).toBe('Despacho');
    expect(doc.getSubject()).toContain('Estafeta');
  });

  it('draws carrier, service, both parties, package facts and the tracking number as text', async () => {
    const label = sampleLabel(3);
    const { pages } = await read(await labelPdf([label]));
    const texts = pages[0]!.texts;
    for (const expected of [
      label.trackingNumber,
      'Estafeta',
      'Día Siguiente Terrestre',
      'DE (REMITENTE)',
      'Lucía Pérez Núñez',
      'PARA (DESTINATARIO)',
      'José Ángel Gutiérrez Treviño',
      'Avenida Constitución Poniente 1500, Int. Local 3',
      'Col. Zona Centro',
      'Monterrey, Nuevo León',
      'C.P. 64000',
      'Tel. 81 8765 4321',
      'Bulto: 1 de 2',
      'Peso: 2.50 kg',
      'Dimensiones: 30 × 20 × 15 cm',
      'Referencia: PED-10045',
      'Fecha: 04/03/2025',
      QR_CAPTION,
    ]) {
      expect(texts).toContain(expected);
    }
    expect(texts.join(' ')).toContain('Portón negro');
  });

  it('marks sandbox labels, and only those, with "SANDBOX — SIN VALIDEZ"', async () => {
    const bytes = await labelPdf([
      sampleLabel(1, { sandbox: true }),
      sampleLabel(2, { sandbox: false }),
    ]);
    const { doc, pages } = await read(bytes);
    expect(pages[0]!.texts.filter((t) => t === SANDBOX_MARK).length).toBeGreaterThanOrEqual(2);
    expect(pages[1]!.texts).not.toContain(SANDBOX_MARK);
    expect(pages[1]!.texts.join(' ')).not.toContain('SANDBOX');
    expect(doc.getSubject()).toContain(SANDBOX_MARK);

    const real = await read(await labelPdf([sampleLabel(2, { sandbox: false })]));
    expect(real.doc.getSubject()).not.toContain('SANDBOX');
  });

  it('draws Code 128 bars that decode to the tracking number, with their quiet zones', async () => {
    const label = sampleLabel(5, { trackingNumber: 'DSP-2025-000123456' });
    const { pages } = await read(await labelPdf([label]));
    const barcode = modulePaths(pages[0]!.content).find((path) => path.yScale > 0)!;
    expect(barcode).toBeDefined();
    const width = Math.max(...barcode.rects.map(([x, , w]) => x + w));
    const drawn = Array<boolean>(width).fill(false);
    for (const [x, y, w, height] of barcode.rects) {
      expect([y, height]).toEqual([0, 1]);
      for (let k = x; k < x + w; k++) drawn[k] = true;
    }
    expect(decodeCode128(drawn).text).toBe(label.trackingNumber);
    expect(barcode.x).toBeGreaterThanOrEqual(10 * barcode.module);
    expect(barcode.x + width * barcode.module).toBeLessThanOrEqual(288 - 10 * barcode.module);
  });

  it('draws a QR code that reads back as the tracking URL', async () => {
    const label = sampleLabel(6);
    const { pages } = await read(await labelPdf([label]));
    const qr = modulePaths(pages[0]!.content).find((path) => path.yScale < 0)!;
    expect(qr).toBeDefined();
    const size = Math.max(...qr.rects.map(([x, , w]) => x + w));
    const dark = new Uint8Array(size * size);
    for (const [x, y, w, height] of qr.rects) {
      expect(height).toBe(1);
      for (let k = x; k < x + w; k++) dark[y * size + k] = 1;
    }
    // Square, and drawn at the size the layout gives it (76 pt).
    expect(Math.max(...qr.rects.map(([, y]) => y)) + 1).toBe(size);
    expect(qr.module * size).toBeCloseTo(76, 1); // the scale is written with 3 decimals
    expect(readQr(size, (row, column) => dark[row * size + column] === 1)).toBe(label.trackingUrl);
  });

  it('puts many labels in one file, one page each, in order', async () => {
    const labels = Array.from({ length: 40 }, (_, i) =>
      sampleLabel(i, { sandbox: i % 2 === 0, packageNumber: (i % 4) + 1, packageCount: 4 }),
    );
    const bytes = await labelPdf(labels);
    const { doc, pages } = await read(bytes);
    expect(pages).toHaveLength(40);
    pages.forEach((page, i) => {
      expect(page.size).toEqual({ width: 288, height: 432 });
      expect(page.texts).toContain(labels[i]!.trackingNumber);
      expect(page.texts).toContain(`Bulto: ${(i % 4) + 1} de 4`);
    });
    for (const label of labels) expect(doc.getTitle()).toContain(label.trackingNumber);
    expect(Buffer.from(bytes).toString('latin1')).toContain(labels[39]!.trackingNumber);
  });

  it('prints Spanish accents, replaces what WinAnsi lacks and never throws on odd text', async () => {
    const label = sampleLabel(7, {
      destination: {
        ...sampleLabel(7).destination,
        name: 'Ñandú Álvarez\tŁódź 🚚\nő',
        company: null,
        phone: null,
        interiorNumber: null,
        reference: null,
      },
      reference: null,
    });
    const { pages } = await read(await labelPdf([label]));
    const texts = pages[0]!.texts;
    expect(texts).toContain('Ñandú Álvarez ?ódz ? o');
    expect(texts).toContain('Avenida Constitución Poniente 1500');
    expect(texts.some((text) => text.startsWith('Referencia'))).toBe(false);
    expect(texts.some((text) => text.startsWith('Ref.:'))).toBe(false);
    expect(texts.some((text) => text.startsWith('Tel.'))).toBe(false);
  });

  it('shortens text that does not fit with an ellipsis', async () => {
    const long = 'Comercializadora Internacional de Productos Artesanales '.repeat(4);
    const { pages } = await read(await labelPdf([sampleLabel(8, { carrierName: long })]));
    const carrier = pages[0]!.texts.find((text) => text.startsWith('Comercializadora'))!;
    expect(carrier.endsWith('…')).toBe(true);
    expect(carrier.length).toBeLessThan(long.length);
  });

  it('keeps unusual tracking numbers readable in the metadata', async () => {
    const trackingNumber = 'MX(1)\\A';
    const { doc } = await read(await labelPdf([sampleLabel(9, { trackingNumber })]));
    expect(doc.getTitle()).toBe(trackingNumber);
  });

  it('refuses an empty list and a tracking number Code 128 cannot encode', async () => {
    await expect(labelPdf([])).rejects.toThrow(/at least one label/);
    await expect(labelPdf([sampleLabel(0, { trackingNumber: 'GUÍA1' })])).rejects.toThrow(
      /outside ASCII/,
    );
  });
});

describe('labelDate', () => {
  it('gives the Mexico City calendar day as dd/mm/yyyy', () => {
    expect(labelDate(new Date('2025-01-01T05:59:00Z'))).toBe('31/12/2024');
    expect(labelDate(new Date('2025-01-01T06:00:00Z'))).toBe('01/01/2025');
    expect(labelDate(new Date('2025-07-09T18:00:00Z'))).toBe('09/07/2025');
  });
});

describe('mergePdfs', () => {
  it('concatenates the pages of several documents in order', async () => {
    const documents = await Promise.all(
      [1, 2, 3].map((count, d) =>
        labelPdf(Array.from({ length: count }, (_, i) => sampleLabel(d * 10 + i))),
      ),
    );
    const merged = await mergePdfs(documents);
    const { doc, pages } = await read(merged);
    expect(pages).toHaveLength(6);
    const order = [0, 10, 11, 20, 21, 22].map((i) => sampleLabel(i).trackingNumber);
    pages.forEach((page, i) => {
      expect(page.size).toEqual({ width: 288, height: 432 });
      expect(page.texts).toContain(order[i]);
    });
    for (const trackingNumber of order) {
      expect(doc.getTitle()).toContain(trackingNumber);
      expect(Buffer.from(merged).toString('latin1')).toContain(trackingNumber);
    }
    await expect(mergePdfs([])).rejects.toThrow(/at least one document/);
  });
});
