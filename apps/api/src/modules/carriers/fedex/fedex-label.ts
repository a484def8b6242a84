import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { LABEL_HEIGHT, LABEL_WIDTH } from '../label-pdf';

/** A 4×6 in label on a 203 dpi thermal printer, in dots. */
const DOTS_WIDE = 812;
const DOTS_HIGH = 1218;

/**
 * FedEx's labels, one PNG per package (the only image type we ask FedEx for), as the two files
 * a guide keeps: a PDF with one 4×6 in page per package, and ZPL that prints each PNG as a
 * graphic field. Both carry FedEx's own pixels; nothing of the label is redrawn by us, so the
 * one format FedEx validates before production (PNG, 4×6) is the one printed either way.
 */
export async function fedexLabelFiles(
  pngs: Uint8Array[],
  trackingNumber: string,
): Promise<{ pdf: Uint8Array; zpl: string }> {
  const pdf = await PDFDocument.create();
  const zpl: string[] = [];
  for (const png of pngs) {
    const image = await pdf.embedPng(png);
    pdf.addPage([LABEL_WIDTH, LABEL_HEIGHT]).drawImage(image, {
      x: 0,
      y: 0,
      width: LABEL_WIDTH,
      height: LABEL_HEIGHT,
    });
    zpl.push(await zplGraphic(png));
  }
  pdf.setTitle(trackingNumber);
  pdf.setSubject('Guía de envío FedEx');
  return { pdf: await pdf.save({ useObjectStreams: false }), zpl: zpl.join('\n') };
}

/**
 * One label as a ZPL graphic field (^GFA, one bit per dot, 1 = black): printed dot for dot when
 * FedEx's PNG fits the 4×6 in stock at 203 dpi, shrunk to fit only when it is larger.
 */
async function zplGraphic(png: Uint8Array): Promise<string> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .resize(DOTS_WIDE, DOTS_HIGH, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .threshold(128)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rowBytes = Math.ceil(info.width / 8);
  const bits = Buffer.alloc(rowBytes * info.height);
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[(y * info.width + x) * info.channels]! < 128) {
        const at = y * rowBytes + (x >> 3);
        bits[at] = bits[at]! | (0x80 >> (x & 7));
      }
    }
  }
  const hex = bits.toString('hex').toUpperCase();
  return `^XA^PW${DOTS_WIDE}^LL${DOTS_HIGH}^FO0,0^GFA,${bits.length},${bits.length},${rowBytes},${hex}^FS^XZ`;
}
