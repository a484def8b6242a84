import { RESTRICTION_AUTHORITIES } from '@despacho/domain';
import { DEMO_MARK, pdfDocument } from '../../platform/pdf-document';
import type { ItemRow, ResultRow } from './classification.repository';

const dutyText = (duty: { kind: string; rate_percent: number | null }) =>
  duty.kind === 'exempt' ? 'Exento (Ex.)' : `${duty.rate_percent}% ad valorem`;

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
  const { paragraph, heading, field, space, save } = await pdfDocument({
    title: `Dictamen de clasificación arancelaria ${code}`,
    sandbox,
  });
  paragraph('Dictamen de clasificación arancelaria', { size: 18, bold: true });
  paragraph(`Solicitud ${input.requestNumber} · emitido el ${result.validatedOn}`, { size: 11 });
  if (sandbox) {
    paragraph(
      `${DEMO_MARK}: catálogo de prueba; aranceles y regulaciones capturados por el clasificador, no publicados oficialmente.`,
      { size: 9, bold: true },
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
  space(10);
  paragraph(
    'La clasificación se validó contra el catálogo c_FraccionArancelaria del SAT vigente en la fecha de emisión y fue revisada por una segunda persona. El agente aduanal es responsable de la clasificación declarada en el pedimento.',
    { size: 8 },
  );
  return save();
}
