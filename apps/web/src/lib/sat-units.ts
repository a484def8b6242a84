import type { SatUnitsAnswer } from '@despacho/domain';
import { http } from './http';

/**
 * `GET sat-units?search=`: up to 20 SAT unit keys by key prefix or name words, and whether they
 * come from the imported catalogue (`meta.catalogue_loaded`) or the built-in common units.
 */
export const searchSatUnits = (search: string): Promise<SatUnitsAnswer> =>
  http.get<SatUnitsAnswer>('/sat-units', { search });

export const satUnitsKey = (search: string) => ['sat-units', 'search', search] as const;
