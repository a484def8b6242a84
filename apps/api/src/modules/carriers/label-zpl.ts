/**
 * Shipping labels as ZPL II for thermal printers (4×6 in at 203 dpi), the text twin of
 * label-pdf.ts: one `^XA … ^XZ` block per label. Every piece of user data goes through
 * `^FH` hex escapes, so a merchant's text can never inject printer commands.
 */
import { code128Modules } from './barcodes';
import {
  labelFacts,
  neighborhoodLine,
  placeLine,
  QR_CAPTION,
  streetLine,
  type LabelData,
} from './label-pdf';

const DOTS_WIDTH = 812; // 4 in × 203 dpi
const DOTS_LENGTH = 1218; // 6 in × 203 dpi
const MARGIN = 24;
const CONTENT = DOTS_WIDTH - 2 * MARGIN;
/** ASCII hyphen: the printer's resident font may lack the em dash of the PDF mark. */
export const ZPL_SANDBOX_MARK = 'SANDBOX - SIN VALIDEZ';

/**
 * Field data made safe for `^FH_`: command prefixes (`^`, `~`), the hex indicator (`_`) and
 * the backslash (`^FB` line control) become `_XX`; control characters and line breaks become
 * spaces. Other characters stay as they are (the label is UTF-8, `^CI28`).
 */
export function zplEscape(value: string): string {
  let flat = '';
  let afterControl = false;
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (!control) flat += char;
    else if (!afterControl) flat += ' ';
    afterControl = control;
  }
  return flat.replace(/[\^~_\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`).trim();
}

/** Cuts `value` to roughly what fits in `width` dots at font height `height` (font 0). */
function clip(value: string, width: number, height: number, lines = 1): string {
  const budget = Math.floor((width / (height * 0.5)) * lines);
  const chars = Array.from(value.normalize('NFC'));
  return chars.length <= budget ? value : `${chars.slice(0, budget - 3).join('')}...`;
}

type Align = 'L' | 'C' | 'R';

class ZplLabel {
  private readonly lines: string[] = [
    '^XA',
    '^CI28',
    `^PW${DOTS_WIDTH}`,
    `^LL${DOTS_LENGTH}`,
    '^LH0,0',
  ];

  /** A text field; `width` turns it into a `^FB` block (alignment, wrapping up to `lines`). */
  text(
    value: string,
    x: number,
    y: number,
    height: number,
    options: { width?: number; lines?: number; align?: Align; reverse?: boolean } = {},
  ) {
    const width = options.width ?? CONTENT;
    const lines = options.lines ?? 1;
    const safe = zplEscape(clip(value, width, height, lines));
    if (!safe) return;
    const block =
      options.width || lines > 1 || options.align
        ? `^FB${width},${lines},4,${options.align ?? 'L'},0`
        : '';
    this.lines.push(
      `^FO${x},${y}^A0N,${height},${height}${block}${options.reverse ? '^FR' : ''}^FH_^FD${safe}^FS`,
    );
  }

  box(x: number, y: number, width: number, height: number, thickness: number) {
    this.lines.push(`^FO${x},${y}^GB${width},${height},${thickness}^FS`);
  }

  raw(command: string) {
    this.lines.push(command);
  }

  end(): string {
    this.lines.push('^PQ1', '^XZ');
    return this.lines.join('\n');
  }
}

/** One ZPL block per label, joined by newlines. */
export function labelZpl(labels: LabelData[]): string {
  return labels.map(labelBlock).join('\n');
}

function labelBlock(label: LabelData): string {
  const zpl = new ZplLabel();

  // Header band (reverse printed): carrier and service, package n/m.
  zpl.box(0, 0, DOTS_WIDTH, 100, 100);
  zpl.text(label.carrierName, MARGIN, 16, 48, { width: 540, reverse: true });
  zpl.text(label.serviceName, MARGIN, 68, 26, { width: 540, reverse: true });
  zpl.text(`${label.packageNumber}/${label.packageCount}`, 580, 14, 52, {
    width: 208,
    align: 'R',
    reverse: true,
  });
  zpl.text('BULTO', 580, 70, 22, { width: 208, align: 'R', reverse: true });

  let y = 116;
  if (label.sandbox) {
    zpl.box(MARGIN, y, CONTENT, 60, 6);
    zpl.text(ZPL_SANDBOX_MARK, MARGIN, y + 14, 38, { width: CONTENT, align: 'C' });
    y += 76;
  }

  // DE: the sender, compact.
  const origin = label.origin;
  zpl.text('DE (REMITENTE)', MARGIN, y, 20);
  y += 26;
  zpl.text(origin.name, MARGIN, y, 26);
  y += 28;
  if (origin.company) {
    zpl.text(origin.company, MARGIN, y, 22);
    y += 26;
  }
  zpl.text(streetLine(origin), MARGIN, y, 22);
  y += 26;
  zpl.text(`${neighborhoodLine(origin)}, ${placeLine(origin)}`, MARGIN, y, 22);
  y += 26;
  zpl.text(`C.P. ${origin.zip}${origin.phone ? `   Tel. ${origin.phone}` : ''}`, MARGIN, y, 22);
  y += 30;
  zpl.box(MARGIN, y, CONTENT, 3, 3);
  y += 14;

  // PARA: the recipient, large.
  const destination = label.destination;
  zpl.text('PARA (DESTINATARIO)', MARGIN, y, 22);
  y += 28;
  zpl.text(destination.name, MARGIN, y, 44);
  y += 48;
  if (destination.company) {
    zpl.text(destination.company, MARGIN, y, 30);
    y += 34;
  }
  zpl.text(streetLine(destination), MARGIN, y, 30, { width: CONTENT, lines: 2 });
  y += 68;
  zpl.text(neighborhoodLine(destination), MARGIN, y, 30);
  y += 34;
  zpl.text(placeLine(destination), MARGIN, y, 30);
  y += 38;
  zpl.text(`C.P. ${destination.zip}`, MARGIN, y, 52, { width: 360 });
  if (destination.phone) {
    zpl.text(`Tel. ${destination.phone}`, 400, y + 16, 30, {
      width: DOTS_WIDTH - MARGIN - 400,
      align: 'R',
    });
  }
  y += 58;
  if (destination.reference) {
    zpl.text(`Ref.: ${destination.reference}`, MARGIN, y, 24, { width: CONTENT, lines: 2 });
  }

  // Code 128 of the tracking number (printer picks the code sets), human-readable under it.
  const barcodeTop = 748;
  zpl.box(MARGIN, barcodeTop - 16, CONTENT, 3, 3);
  const modules = code128Modules(label.trackingNumber).length;
  // At most 3 dots per module: room to spare even if the printer's automatic code-set choice
  // came out longer than ours.
  const moduleDots = Math.max(1, Math.min(3, Math.floor(DOTS_WIDTH / (modules + 20))));
  const barcodeX = Math.max(0, Math.round((DOTS_WIDTH - modules * moduleDots) / 2));
  zpl.raw(
    `^FO${barcodeX},${barcodeTop}^BY${moduleDots}^BCN,140,N,N,N,A^FH_^FD${zplEscape(label.trackingNumber)}^FS`,
  );
  zpl.text(label.trackingNumber, 0, barcodeTop + 150, 34, { width: DOTS_WIDTH, align: 'C' });
  zpl.box(MARGIN, barcodeTop + 194, CONTENT, 3, 3);

  // Package facts on the left, QR code of the tracking page on the right.
  labelFacts(label).forEach((fact, index) =>
    zpl.text(fact, MARGIN, 962 + index * 38, 28, { width: 520 }),
  );
  zpl.raw(`^FO584,956^BQN,2,5^FH_^FDMA,${zplEscape(label.trackingUrl)}^FS`);
  zpl.text(QR_CAPTION, 560, 1180, 22, { width: 228, align: 'C' });
  return zpl.end();
}
