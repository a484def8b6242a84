import { z } from '../validation';
import { catalogueSearchAnswer } from './schemas';

/**
 * A tariff classification (Ley de los Impuestos Generales de Importación y de Exportación) as
 * SAT's c_FraccionArancelaria writes it: the 8-digit fracción arancelaria, then the 2-digit NICO
 * (número de identificación comercial). A product may hold the fracción alone while it is being
 * classified (partial); once classified it holds all 10 digits.
 */
export const TARIFF_FRACTION_PATTERN = /^\d{8}$/;
export const TARIFF_NICO_PATTERN = /^\d{2}$/;
/** A fracción (8 digits, partial) or a fracción with its NICO (10 digits). */
export const TARIFF_CODE_PATTERN = /^\d{8}(?:\d{2})?$/;
/** The most matches `GET /tariff-fractions?search=` answers. */
export const TARIFF_FRACTION_SEARCH_LIMIT = 20;

export type TariffCode =
  | { fraction: string; nico: null; complete: false }
  | { fraction: string; nico: string; complete: true };

/**
 * Reads a tariff code as people write it ("0101.21.01", "0101 21 01 00", "0101210100"): dots,
 * spaces and dashes are dropped, then 8 digits are a partial code (fracción only) and 10 digits a
 * complete one (fracción + NICO). Anything else answers null.
 */
export function parseTariffCode(text: string): TariffCode | null {
  const digits = text.replace(/[\s.-]/g, '');
  if (!TARIFF_CODE_PATTERN.test(digits)) return null;
  return digits.length === 8
    ? { fraction: digits, nico: null, complete: false }
    : { fraction: digits.slice(0, 8), nico: digits.slice(8), complete: true };
}

/** The code a product stores: the fracción, then the NICO once classified. */
export const formatTariffCode = (code: TariffCode): string => code.fraction + (code.nico ?? '');

/**
 * A tariff code field: 8 digits (partial) or 10 (fracción + NICO), dots and spaces allowed;
 * answers the parsed code.
 */
export const tariffCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .transform((text, context) => {
    const code = parseTariffCode(text);
    if (code) return code;
    context.addIssue({ code: 'custom', message: 'tariff_fraction', input: text });
    return z.NEVER;
  });

/** A classified product's tariff code: the 10 digits, fracción and NICO. */
export const classifiedTariffCodeSchema = tariffCodeSchema.transform((code, context) => {
  if (code.complete) return code;
  context.addIssue({ code: 'custom', message: 'tariff_nico_required', input: code.fraction });
  return z.NEVER;
});

/** Digits search codes by prefix (fracción, or fracción + NICO); other text the description. */
export const tariffFractionsQuerySchema = z.object({
  search: z.string().trim().min(1, { error: 'required' }).max(100),
});
export type TariffFractionsQuery = z.infer<typeof tariffFractionsQuerySchema>;

/** One row of c_FraccionArancelaria: a fracción with one of its NICOs. */
export const tariffFractionSchema = z.object({
  /** The 10 digits: `fraction` then `nico`. */
  code: z.string(),
  fraction: z.string(),
  nico: z.string(),
  description: z.string(),
  /** YYYY-MM-DD. */
  valid_from: z.string(),
  /** YYYY-MM-DD, or null while it has no end. */
  valid_to: z.string().nullable(),
  /** The unidad de medida de la tarifa: its code ("01") and name ("KILO"). */
  umt: z.string(),
  umt_description: z.string(),
});
export type TariffFraction = z.infer<typeof tariffFractionSchema>;

/**
 * `GET /tariff-fractions`: the matches and whether the catalogue is imported; before it is
 * (`catalogue_loaded: false`) there are no matches and the form checks the code's shape only.
 */
export const tariffFractionsAnswerSchema = catalogueSearchAnswer(tariffFractionSchema);
export type TariffFractionsAnswer = z.infer<typeof tariffFractionsAnswerSchema>;
