import { z } from '../validation';

/** A Mexican postal code as SEPOMEX publishes it: exactly 5 digits, leading zero kept. */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;

export const postalCodeParamsSchema = z.object({
  zip: z.string().regex(POSTAL_CODE_PATTERN, { error: 'postal_code_digits' }),
});
export type PostalCodeParams = z.infer<typeof postalCodeParamsSchema>;

/** One settlement (colonia, fraccionamiento, pueblo…) of a postal code. */
export const neighborhoodSchema = z.object({
  name: z.string(),
  /** SEPOMEX `d_tipo_asenta`: Colonia, Fraccionamiento, Pueblo… */
  type: z.string(),
  /** Urbano, Rural or Semiurbano. */
  zone: z.string(),
});
export type Neighborhood = z.infer<typeof neighborhoodSchema>;

/** `GET /postal-codes/{zip}`: where a postal code is, and its settlements sorted by name. */
export const postalCodeSchema = z.object({
  zip: z.string(),
  state: z.string(),
  /** INEGI state code, 01–32. */
  state_code: z.string(),
  municipality: z.string(),
  /** Empty when SEPOMEX lists no city (most rural postal codes). */
  city: z.string(),
  neighborhoods: z.array(neighborhoodSchema),
});
export type PostalCode = z.infer<typeof postalCodeSchema>;

/** A SAT Carta Porte product code (c_ClaveProdServCP) as the catalogue writes it: 8 digits. */
export const SAT_PRODUCT_CODE_PATTERN = /^\d{8}$/;
/** The most matches `GET /sat-products?search=` answers. */
export const SAT_PRODUCT_SEARCH_LIMIT = 20;

export const satProductParamsSchema = z.object({
  code: z.string().regex(SAT_PRODUCT_CODE_PATTERN, { error: 'sat_product_code' }),
});
export type SatProductParams = z.infer<typeof satProductParamsSchema>;

/** Digits search codes by prefix; anything else searches the words of the description. */
export const satProductsQuerySchema = z.object({
  search: z.string().trim().min(1, { error: 'required' }).max(100),
});
export type SatProductsQuery = z.infer<typeof satProductsQuerySchema>;

/** One code of the SAT Carta Porte product catalogue. */
export const satProductSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** The catalogue's "palabras similares" (other names for it); empty when it lists none. */
  similar_words: z.string(),
});
export type SatProduct = z.infer<typeof satProductSchema>;

/**
 * A SAT catalogue search's answer: the matches and whether they come from the imported
 * catalogue (`catalogue_loaded: false`: the built-in common codes stood in for it).
 */
export const catalogueSearchAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ catalogue_loaded: z.boolean() }),
  });
