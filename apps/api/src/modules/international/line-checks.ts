import type { T1_RESTRICTION_KINDS } from '@despacho/domain';
import {
  EMBARQUE_APP_PATH,
  type Language,
  type T1Direction,
  type T1LineRefusal,
  type TariffFraction,
} from '@despacho/domain';
import { AppError } from '../../platform/errors';
import type { TariffFractionsService } from '../catalogs';
import type { RestrictionRow } from './rates.repository';

const KIND_NAMES: Record<(typeof T1_RESTRICTION_KINDS)[number], Record<Language, string>> = {
  nom: { es: 'NOM', en: 'NOM' },
  permit: { es: 'permiso', en: 'permit' },
  quota: { es: 'cupo', en: 'quota' },
  other: { es: 'regulación', en: 'regulation' },
};

function restrictedText(code: string, rows: RestrictionRow[], language: Language): string {
  const what = rows
    .map((row) => `${KIND_NAMES[row.kind][language]} ${row.authority}: ${row.code}`)
    .join('; ');
  return language === 'es'
    ? `La fracción ${code} tiene regulaciones no arancelarias (${what}): no puede ir por mensajería; impórtala o expórtala como embarque en ${EMBARQUE_APP_PATH}.`
    : `Tariff code ${code} has non-tariff regulations (${what}): it cannot travel by courier; ship it as an embarque at ${EMBARQUE_APP_PATH}.`;
}

const notInForceText = (code: string, day: string, language: Language) =>
  language === 'es'
    ? `La fracción y NICO ${code} no está vigente el ${day} en el catálogo c_FraccionArancelaria del SAT.`
    : `Tariff code ${code} is not in force on ${day} in the SAT c_FraccionArancelaria catalogue.`;

export interface CheckedLine {
  fraction: string;
  nico: string;
  row: TariffFraction;
}

/**
 * Every line's fracción + NICO against the catalogue in force on `day`, and its fracción
 * against the restrictions in force for the direction: the lines the courier path may carry,
 * or T1_LINES_REFUSED naming each refused line under its field with the reason (and the
 * embarques' screen). TARIFF_FRACTIONS_NOT_LOADED before the catalogue is imported.
 */
export async function checkLines(
  deps: {
    tariffFractions: Pick<TariffFractionsService, 'inForce' | 'catalogueLoaded'>;
    restrictionsOf: (
      fractions: string[],
      direction: T1Direction,
      day: string,
    ) => Promise<RestrictionRow[]>;
  },
  lines: readonly { tariff_code: { fraction: string; nico: string } }[],
  direction: T1Direction,
  day: string,
  language: Language,
): Promise<CheckedLine[]> {
  const [rows, restrictions] = await Promise.all([
    Promise.all(
      lines.map(({ tariff_code: code }) =>
        deps.tariffFractions.inForce(code.fraction, code.nico, day),
      ),
    ),
    deps.restrictionsOf(
      lines.map((line) => line.tariff_code.fraction),
      direction,
      day,
    ),
  ]);
  if (rows.some((row) => !row) && !(await deps.tariffFractions.catalogueLoaded())) {
    throw new AppError('TARIFF_FRACTIONS_NOT_LOADED');
  }
  const refusals: T1LineRefusal[] = [];
  lines.forEach(({ tariff_code: { fraction, nico } }, index) => {
    const code = fraction + nico;
    const stops = restrictions.filter((row) => row.fraction === fraction);
    if (!rows[index]) {
      refusals.push({
        index,
        tariff_code: code,
        reason: 'tariff_code_not_in_force',
        restrictions: [],
        message: notInForceText(code, day, language),
      });
    } else if (stops.length > 0) {
      refusals.push({
        index,
        tariff_code: code,
        reason: 'restricted',
        restrictions: stops.map((row) => ({
          authority: row.authority,
          kind: row.kind,
          code: row.code,
          description: row.description,
        })),
        message: restrictedText(code, stops, language),
      });
    }
  });
  if (refusals.length > 0) {
    throw new AppError(
      'T1_LINES_REFUSED',
      { count: refusals.length, lines: refusals, embarque_path: EMBARQUE_APP_PATH },
      Object.fromEntries(
        refusals.map((refusal) => [`lines.${refusal.index}.tariff_code`, refusal.message]),
      ),
    );
  }
  return lines.map(({ tariff_code: { fraction, nico } }, index) => ({
    fraction,
    nico,
    row: rows[index]!,
  }));
}
