import { RESTRICTION_AUTHORITIES } from '@despacho/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdfText } from '../../platform/pdf-text';
import type { ItemRow, ResultRow } from './classification.repository';

const DEMO_TEXT = 'DEMO — SIN VALIDEZ OFICIAL';
const PAGE = { width: 612, height: 792, margin: 50, bottom: 60 };
const TEXT_WIDTH = PAGE.width - PAGE.margin * 2;

const dutyText = (duty: { kind: string; rate_percent: number | null }) =>
  duty.kind === 'exempt' ? 'Exento (Ex.)' : `${duty.rate_percent}% ad valorem`;

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
 * The classification ruling (dictamen) of a published product, in Spanish: the product and the
 * merchant's inputs, fracción + NICO with its description chain and customs unit, the
 * interpretation rules and rationale, the IGI by origin, the non-tariff restrictions and the date
 * of the tariff data. The duties and restrictions are the classifier's record, not an official
 * publication: outside production every page carries a red "DEMO — SIN VALIDEZ OFICIAL" mark.
 */
export async function dictamenPdf(input: {
  requestNumber: number;
  item: ItemRow;
  result: ResultRow;
  sandbox: boolean;
}): Promise<Buffer> {
  const { item, result, sandbox } = input;
  const code = `${result.fraction.slice(0, 4)}.${result.fraction.slice(4, 6)}.${result.fraction.slice(6)} NICO ${result.nico}`;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Dictamen de clasificación arancelaria ${code}`);
  pdf.setCreator('Despacho');
  pdf.setProducer('Despacho');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    if (sandbox) {
      page.drawText(pdfText(DEMO_TEXT, bold), {
        x: 150,
        y: 30,
        size: 16,
        font: bold,
        color: rgb(0.8, 0, 0),
      });
    }
  };
  const paragraph = (
    value: string,
    options: { size?: number; font?: PDFFont; x?: number } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const x = options.x ?? PAGE.margin;
    for (const line of wrap(value, font, size, TEXT_WIDTH - (x - PAGE.margin))) {
      if (y < PAGE.bottom) newPage();
      page.drawText(line, { x, y, size, font });
      y -= size + 4;
    }
  };
  const heading = (value: string) => {
    y -= 6;
    paragraph(value, { size: 12, font: bold });
  };
  const field = (label: string, value: string) => paragraph(`${label}: ${value}`);

  newPage();
  paragraph('Dictamen de clasificación arancelaria', { size: 18, font: bold });
  paragraph(`Solicitud ${input.requestNumber} · emitido el ${result.validatedOn}`, { size: 11 });
  if (sandbox) {
    paragraph(
      `${DEMO_TEXT}: catálogo de prueba; aranceles y regulaciones capturados por el clasificador, no publicados oficialmente.`,
      { size: 9, font: bold },
    );
  }
  heading('Producto');
  field('Nombre', item.productName);
  field('Descripción', item.description);
  field('Composición', item.materials);
  field('Función y uso', item.use);
  if (item.brand) field('Marca', item.brand);
  if (item.model) field('Modelo', item.model);
  field('País de origen', item.originCountry);

  heading(`Clasificación: ${code}`);
  const chain = result.chain;
  field(`Capítulo ${chain.chapter.code}`, chain.chapter.description);
  field(`Partida ${chain.heading.code}`, chain.heading.description);
  field(`Subpartida ${chain.subheading.code}`, chain.subheading.description);
  field(`Fracción ${chain.fraction.code}`, chain.fraction.description);
  field(`NICO ${chain.nico.code}`, chain.nico.description);
  field('Unidad de medida de la tarifa', `${result.umt} ${result.umtDescription}`);

  heading('Fundamento');
  field('Reglas aplicadas', result.rationaleRules.map((rule) => rule.replace('_', ' ')).join(', '));
  paragraph(result.rationale);

  heading('Impuesto general de importación (IGI)');
  field('General', dutyText(result.duties.general));
  field('Preferencial T-MEC (Estados Unidos y Canadá)', dutyText(result.duties.tmec));
  if (result.duties.no_agreement) {
    field('Países sin tratado comercial', dutyText(result.duties.no_agreement));
  }

  heading('Regulaciones y restricciones no arancelarias');
  if (result.restrictions.length === 0) paragraph('Ninguna registrada para la fracción.');
  for (const restriction of result.restrictions) {
    const authority = RESTRICTION_AUTHORITIES.includes(restriction.authority)
      ? restriction.authority
      : 'OTHER';
    paragraph(`${restriction.code} (${authority}): ${restriction.description}`);
  }
  field('Fecha de la información arancelaria', result.tariffDataDate);
  y -= 10;
  paragraph(
    'La clasificación se validó contra el catálogo c_FraccionArancelaria del SAT vigente en la fecha de emisión y fue revisada por una segunda persona. El agente aduanal es responsable de la clasificación declarada en el pedimento.',
    { size: 8 },
  );
  return Buffer.from(await pdf.save());
}
