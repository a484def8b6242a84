/**
 * Shipping labels as PDF (4×6 in, one page per label) for the carriers' adapters and the bulk
 * label download: carrier band, sender and recipient, package facts, a Code 128 barcode of the
 * tracking number and a QR code of the tracking page, all drawn as vectors with the standard
 * Helvetica fonts (WinAnsi, so Spanish accents print). Sandbox labels carry a red
 * "SANDBOX — SIN VALIDEZ" mark. Pure: no database, no I/O.
 *
 * bwip-js encodes the symbols (barcodes.ts); we draw their modules as filled rectangles rather
 * than embed its PNG: a 203 dpi thermal printer rasterizes vector bars onto whole dots, while an
 * image is resampled by a non-integer factor, which widens some bars and thins others.
 */
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames as Op,
  PDFString,
  StandardFonts,
  degrees,
  rgb,
  type PDFFont,
  type PDFHexString,
  type PDFPage,
} from 'pdf-lib';
import { pdfText } from '../../platform/pdf-text';
import { code128Modules, qrModules } from './barcodes';

export interface LabelParty {
  name: string;
  company?: string | null;
  phone?: string | null;
  street: string;
  exteriorNumber: string;
  interiorNumber?: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zip: string;
  /** Delivery hints ("entre calles…, portón negro"). */
  reference?: string | null;
  /** ISO alpha-2; absent or MX for a Mexican address. Printed for an address abroad. */
  country?: string;
}

const abroad = (party: LabelParty) => Boolean(party.country && party.country !== 'MX');

/** "Col. Centro" in Mexico; abroad, the address's second line as written. */
export const neighborhoodLine = (party: LabelParty) =>
  abroad(party) ? party.neighborhood : `Col. ${party.neighborhood}`;

/** "Austin, TX" and, for an address abroad, its country ("Austin, TX · US"). */
export const placeLine = (party: LabelParty) =>
  [party.city, party.state].filter(Boolean).join(', ') +
  (abroad(party) ? ` · ${party.country}` : '');

export interface LabelData {
  trackingNumber: string;
  carrierName: string;
  serviceName: string;
  sandbox: boolean;
  createdAt: Date;
  origin: LabelParty;
  destination: LabelParty;
  packageNumber: number;
  packageCount: number;
  /** Number as text, without the unit ("1.50"); printed as "1.50 kg". */
  weightKg: string;
  /** Length × width × height without the unit ("30 × 20 × 10"); printed with "cm". */
  dimensionsCm: string;
  /** The merchant's own reference (order number…). */
  reference?: string | null;
  trackingUrl: string;
}

export const LABEL_WIDTH = 288; // 4 in
export const LABEL_HEIGHT = 432; // 6 in
export const SANDBOX_MARK = 'SANDBOX — SIN VALIDEZ';
export const QR_CAPTION = 'Rastrea tu envío';

const MARGIN = 10;
const CONTENT_WIDTH = LABEL_WIDTH - 2 * MARGIN;
const BLACK = [0, 0, 0] as const;
const WHITE = [1, 1, 1] as const;
const GRAY = [0.35, 0.35, 0.35] as const;
const RED = [0.8, 0, 0] as const;
type Color = readonly [number, number, number];

const mexicoDate = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd/mm/yyyy of the instant in Mexico City. */
export function labelDate(date: Date): string {
  const parts: Record<string, string> = {};
  for (const part of mexicoDate.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** "Street number, Int. interior" of a label's address. */
export function streetLine(party: LabelParty): string {
  const interior = party.interiorNumber ? `, Int. ${party.interiorNumber}` : '';
  return `${party.street} ${party.exteriorNumber}${interior}`.trim();
}

/** The package facts printed beside the QR code, one per line. */
export function labelFacts(label: LabelData): string[] {
  return [
    `Bulto: ${label.packageNumber} de ${label.packageCount}`,
    `Peso: ${label.weightKg} kg`,
    `Dimensiones: ${label.dimensionsCm} cm`,
    ...(label.reference ? [`Referencia: ${label.reference}`] : []),
    `Fecha: ${labelDate(label.createdAt)}`,
  ];
}

/**
 * One PDF with a 4×6 in page per label. Title and Keywords hold the tracking numbers as plain
 * (uncompressed, literal) text so the file can be searched and identified.
 */
export async function labelPdf(labels: LabelData[]): Promise<Uint8Array> {
  if (labels.length === 0) throw new Error('labelPdf: at least one label is required');
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  for (const label of labels) drawLabel(pdf.addPage([LABEL_WIDTH, LABEL_HEIGHT]), fonts, label);

  const trackingNumbers = labels.map((label) => label.trackingNumber);
  const carriers = [...new Set(labels.map((label) => label.carrierName))].join(', ');
  const sandbox = labels.some((label) => label.sandbox);
  setPlainMetadata(pdf, {
    title: trackingNumbers.join(' '),
    subject: `${labels.length === 1 ? 'Guía de envío' : 'Guías de envío'} ${carriers}${sandbox ? ` (${SANDBOX_MARK})` : ''}`,
    keywords: trackingNumbers,
  });
  return pdf.save({ useObjectStreams: false });
}

/** All pages of `documents`, in order, in one PDF (bulk label download). */
export async function mergePdfs(documents: Uint8Array[]): Promise<Uint8Array> {
  if (documents.length === 0) throw new Error('mergePdfs: at least one document is required');
  const merged = await PDFDocument.create();
  const titles: string[] = [];
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
    const title = source.getTitle();
    if (title) titles.push(title);
  }
  setPlainMetadata(merged, {
    title: titles.join(' ') || 'Guías de envío',
    subject: 'Guías de envío',
    keywords: titles,
  });
  return merged.save({ useObjectStreams: false });
}

function setPlainMetadata(
  pdf: PDFDocument,
  meta: { title: string; subject: string; keywords: string[] },
) {
  pdf.setTitle(meta.title);
  pdf.setSubject(meta.subject);
  pdf.setKeywords(meta.keywords);
  pdf.setCreator('Despacho');
  pdf.setProducer('Despacho');
  // pdf-lib writes metadata as UTF-16 hex; rewrite ASCII values as literal strings so the
  // tracking numbers are readable in the file itself (saved without object streams).
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info);
  if (!(info instanceof PDFDict)) return;
  const literal = (key: string, value: string) => {
    if (/^[\x20-\x7e]*$/.test(value)) {
      info.set(PDFName.of(key), PDFString.of(value.replace(/[\\()]/g, (c) => `\\${c}`)));
    }
  };
  literal('Title', meta.title);
  literal('Subject', meta.subject);
  literal('Keywords', meta.keywords.join(' '));
}

/**
 * A content-stream operator. Numbers are written by us (integers as is, others with 3
 * decimals): pdf-lib's generic number formatting dominated the render time of QR codes.
 */
function op(name: Op, ...args: (number | PDFName | PDFHexString)[]): PDFOperator {
  return PDFOperator.of(
    name,
    args.map((arg) =>
      typeof arg !== 'number' ? arg : Number.isInteger(arg) ? String(arg) : arg.toFixed(3),
    ),
  );
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws one label on its page, top to bottom. */
function drawLabel(page: PDFPage, fonts: Fonts, label: LabelData) {
  const ops: PDFOperator[] = [op(Op.PushGraphicsState)];
  const keys = new Map<PDFFont, PDFName>([
    [fonts.regular, page.node.newFontDictionary(fonts.regular.name, fonts.regular.ref)],
    [fonts.bold, page.node.newFontDictionary(fonts.bold.name, fonts.bold.ref)],
  ]);
  let currentColor: Color | undefined;
  const color = (c: Color) => {
    if (currentColor !== c) ops.push(op(Op.NonStrokingColorRgb, c[0], c[1], c[2]));
    currentColor = c;
  };
  /** Fits `value` in `maxWidth`: shrinks the size down to 75 %, then cuts with an ellipsis. */
  const fitted = (value: string, font: PDFFont, size: number, maxWidth: number) => {
    let safe = pdfText(value, font);
    let width = font.widthOfTextAtSize(safe, size);
    if (width <= maxWidth) return { safe, size, width };
    const shrunk = Math.max(size * 0.75, Math.floor(((size * maxWidth) / width) * 10) / 10);
    width = font.widthOfTextAtSize(safe, shrunk);
    if (width <= maxWidth) return { safe, size: shrunk, width };
    while (safe.length > 1 && width > maxWidth) {
      safe = safe.slice(0, -1).trimEnd();
      width = font.widthOfTextAtSize(`${safe}…`, shrunk);
    }
    return { safe: `${safe}…`, size: shrunk, width };
  };
  const text = (
    value: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    options: { color?: Color; maxWidth?: number; align?: 'left' | 'center' | 'right' } = {},
  ) => {
    const fit = fitted(value, font, size, options.maxWidth ?? CONTENT_WIDTH);
    if (!fit.safe) return;
    const left =
      options.align === 'center'
        ? x - fit.width / 2
        : options.align === 'right'
          ? x - fit.width
          : x;
    color(options.color ?? BLACK);
    ops.push(
      op(Op.BeginText),
      op(Op.SetFontAndSize, keys.get(font)!, fit.size),
      op(Op.MoveText, left, y),
      op(Op.ShowText, font.encodeText(fit.safe)),
      op(Op.EndText),
    );
  };
  /** Greedy word wrap over at most `maxLines` lines; the last one is fitted. Returns lines used. */
  const paragraph = (
    value: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    maxLines: number,
    leading: number,
  ) => {
    const words = pdfText(value, font).split(' ').filter(Boolean);
    const lines: string[] = [];
    let current = '';
    while (words.length > 0 && lines.length < maxLines - 1) {
      const next = current ? `${current} ${words[0]}` : words[0]!;
      if (current && font.widthOfTextAtSize(next, size) > CONTENT_WIDTH) {
        lines.push(current);
        current = '';
      } else {
        current = next;
        words.shift();
      }
    }
    const rest = [current, ...words].filter(Boolean).join(' ');
    if (rest) lines.push(rest);
    lines.forEach((line, index) => text(line, x, y - index * leading, font, size));
    return lines.length;
  };
  const rect = (x: number, y: number, width: number, height: number, c: Color) => {
    color(c);
    ops.push(op(Op.AppendRectangle, x, y, width, height), op(Op.FillNonZero));
  };

  // Header band: carrier and service, package n/m.
  rect(0, 396, LABEL_WIDTH, 36, BLACK);
  text(label.carrierName, MARGIN, 412, fonts.bold, 16, { color: WHITE, maxWidth: 200 });
  text(label.serviceName, MARGIN, 401, fonts.regular, 9, { color: WHITE, maxWidth: 200 });
  const packageOf = `${label.packageNumber}/${label.packageCount}`;
  text(packageOf, LABEL_WIDTH - MARGIN, 411, fonts.bold, 17, {
    color: WHITE,
    maxWidth: 60,
    align: 'right',
  });
  text('BULTO', LABEL_WIDTH - MARGIN, 401, fonts.regular, 7, { color: WHITE, align: 'right' });

  let y = 384;
  if (label.sandbox) {
    rect(MARGIN, 374, CONTENT_WIDTH, 17, RED);
    rect(MARGIN + 1.5, 375.5, CONTENT_WIDTH - 3, 14, [1, 0.92, 0.92]);
    text(SANDBOX_MARK, LABEL_WIDTH / 2, 379, fonts.bold, 10, { color: RED, align: 'center' });
    y = 364;
  }

  // DE: the sender, compact.
  const origin = label.origin;
  text('DE (REMITENTE)', MARGIN, y, fonts.bold, 6.5, { color: GRAY });
  y -= 9;
  text(origin.name, MARGIN, y, fonts.bold, 8.5);
  y -= 9;
  if (origin.company) {
    text(origin.company, MARGIN, y, fonts.regular, 7.5);
    y -= 9;
  }
  text(streetLine(origin), MARGIN, y, fonts.regular, 7.5);
  y -= 9;
  text(`${neighborhoodLine(origin)}, ${placeLine(origin)}`, MARGIN, y, fonts.regular, 7.5);
  y -= 9;
  text(
    `C.P. ${origin.zip}${origin.phone ? `   Tel. ${origin.phone}` : ''}`,
    MARGIN,
    y,
    fonts.regular,
    7.5,
  );
  y -= 8;
  rect(MARGIN, y, CONTENT_WIDTH, 0.75, BLACK);
  y -= 11;

  // PARA: the recipient, large.
  const destination = label.destination;
  text('PARA (DESTINATARIO)', MARGIN, y, fonts.bold, 7, { color: GRAY });
  y -= 15;
  text(destination.name, MARGIN, y, fonts.bold, 13);
  y -= 13;
  if (destination.company) {
    text(destination.company, MARGIN, y, fonts.regular, 10);
    y -= 12;
  }
  y -= 12 * (paragraph(streetLine(destination), MARGIN, y, fonts.regular, 10, 2, 12) - 1);
  y -= 12;
  text(neighborhoodLine(destination), MARGIN, y, fonts.regular, 10);
  y -= 12;
  text(placeLine(destination), MARGIN, y, fonts.regular, 10);
  y -= 16;
  text(`C.P. ${destination.zip}`, MARGIN, y, fonts.bold, 14, { maxWidth: 120 });
  if (destination.phone) {
    text(`Tel. ${destination.phone}`, LABEL_WIDTH - MARGIN, y, fonts.regular, 10, {
      maxWidth: 140,
      align: 'right',
    });
  }
  if (destination.reference) {
    y -= 11;
    paragraph(`Ref.: ${destination.reference}`, MARGIN, y, fonts.regular, 8, 2, 9.5);
  }

  // Barcode of the tracking number, with the human-readable number under it.
  rect(MARGIN, 176, CONTENT_WIDTH, 0.75, BLACK);
  drawBarcode(ops, label.trackingNumber, 114, 56, color);
  text(label.trackingNumber, LABEL_WIDTH / 2, 102, fonts.bold, 11, { align: 'center' });
  rect(MARGIN, 96, CONTENT_WIDTH, 0.75, BLACK);

  // Package facts on the left, QR of the tracking page on the right.
  labelFacts(label).forEach((fact, index) =>
    text(fact, MARGIN, 82 - index * 13, fonts.regular, 9, { maxWidth: 180 }),
  );
  const qrSize = 76;
  const qrX = LABEL_WIDTH - MARGIN - qrSize;
  drawQr(ops, label.trackingUrl, qrX, 16, qrSize, color);
  text(QR_CAPTION, qrX + qrSize / 2, 7, fonts.regular, 7, { align: 'center' });

  ops.push(op(Op.PopGraphicsState));
  page.pushOperators(...ops);

  if (label.sandbox) {
    // Diagonal watermark across the whole label, translucent so the content stays readable.
    const size = 34;
    const width = fonts.bold.widthOfTextAtSize(SANDBOX_MARK, size);
    const angle = Math.atan2(LABEL_HEIGHT, LABEL_WIDTH);
    const lift = size * 0.35; // half the cap height, so the text centre sits on the diagonal
    page.drawText(SANDBOX_MARK, {
      x: LABEL_WIDTH / 2 - (width / 2) * Math.cos(angle) + lift * Math.sin(angle),
      y: LABEL_HEIGHT / 2 - (width / 2) * Math.sin(angle) - lift * Math.cos(angle),
      size,
      font: fonts.bold,
      color: rgb(...RED),
      opacity: 0.22,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }
}

/**
 * Code 128 bars centred on the page, keeping a 10-module quiet zone on each side. Drawn in
 * module units (one `cm` scale), so every rectangle has small integer coordinates.
 */
function drawBarcode(
  ops: PDFOperator[],
  value: string,
  y: number,
  height: number,
  color: (c: Color) => void,
) {
  const modules = code128Modules(value);
  const module = Math.min(1.5, (LABEL_WIDTH - 8) / (modules.length + 20));
  const x = (LABEL_WIDTH - modules.length * module) / 2;
  color(BLACK);
  ops.push(op(Op.PushGraphicsState), op(Op.ConcatTransformationMatrix, module, 0, 0, height, x, y));
  let run = 0;
  for (let i = 0; i <= modules.length; i++) {
    if (modules[i]) {
      run++;
      continue;
    }
    if (run > 0) ops.push(op(Op.AppendRectangle, i - run, 0, run, 1));
    run = 0;
  }
  ops.push(op(Op.FillNonZero), op(Op.PopGraphicsState));
}

/**
 * QR code (error correction M) as filled rectangles, one per horizontal run of dark modules,
 * drawn in module units (row 0 at the top).
 */
function drawQr(
  ops: PDFOperator[],
  value: string,
  x: number,
  y: number,
  size: number,
  color: (c: Color) => void,
) {
  const { size: count, dark } = qrModules(value);
  const module = size / count;
  color(BLACK);
  ops.push(
    op(Op.PushGraphicsState),
    op(Op.ConcatTransformationMatrix, module, 0, 0, -module, x, y + size),
  );
  for (let row = 0; row < count; row++) {
    let run = 0;
    for (let col = 0; col <= count; col++) {
      if (col < count && dark(row, col)) {
        run++;
        continue;
      }
      if (run > 0) ops.push(op(Op.AppendRectangle, col - run, row, run, 1));
      run = 0;
    }
  }
  ops.push(op(Op.FillNonZero), op(Op.PopGraphicsState));
}
