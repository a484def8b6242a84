import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdfText } from './pdf-text';

/** What outside production marks every page of a document that looks official. */
export const DEMO_MARK = 'DEMO — SIN VALIDEZ OFICIAL';

const PAGE = { width: 612, height: 792, margin: 50, bottom: 60 };
const TEXT_WIDTH = PAGE.width - PAGE.margin * 2;

/** Words of `value` in lines no wider than `width` at `size`. */
function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of pdfText(value, font).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * A flowing letter-size document (a ruling, a commercial invoice): paragraphs wrapped to the
 * margins, headings, "label: value" fields, pages added as the text runs on. With `sandbox`,
 * every page carries the red demo mark at its foot.
 */
export async function pdfDocument(options: { title: string; sandbox: boolean }) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setCreator('Despacho');
  pdf.setProducer('Despacho');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    if (options.sandbox) {
      page.drawText(pdfText(DEMO_MARK, bold), {
        x: 150,
        y: 30,
        size: 16,
        font: bold,
        color: rgb(0.8, 0, 0),
      });
    }
  };
  const paragraph = (value: string, style: { size?: number; bold?: boolean; x?: number } = {}) => {
    const size = style.size ?? 10;
    const font = style.bold ? bold : regular;
    const x = style.x ?? PAGE.margin;
    for (const line of wrap(value, font, size, TEXT_WIDTH - (x - PAGE.margin))) {
      if (y < PAGE.bottom) newPage();
      page.drawText(line, { x, y, size, font });
      y -= size + 4;
    }
  };
  newPage();
  return {
    paragraph,
    heading: (value: string) => {
      y -= 6;
      paragraph(value, { size: 12, bold: true });
    },
    field: (label: string, value: string) => paragraph(`${label}: ${value}`),
    space: (points: number) => {
      y -= points;
    },
    save: async () => Buffer.from(await pdf.save()),
  };
}
