import { catalogsContract, type SatUnitsAnswer } from '@despacho/domain';
import { call } from './api-client';
import { catalogsKeys } from './api/catalogs';

/**
 * `GET sat-units?search=`: up to 20 SAT unit keys by key prefix or name words, and whether they
 * come from the imported catalogue (`meta.catalogue_loaded`) or the built-in common units.
 */
export const searchSatUnits = (search: string): Promise<SatUnitsAnswer> =>
  call(catalogsContract.satUnits, { query: { search } });

export const satUnitsKey = (search: string) => catalogsKeys.satUnits({ query: { search } });
