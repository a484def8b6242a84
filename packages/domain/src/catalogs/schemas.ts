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
