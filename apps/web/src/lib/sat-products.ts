import { catalogsContract, type SatProductsAnswer } from '@despacho/domain';
import { call } from './api-client';
import { catalogsKeys } from './api/catalogs';

/**
 * `GET sat-products?search=`: up to 20 Carta Porte product codes by code prefix or words, and
 * whether they come from the imported catalogue (`meta.catalogue_loaded`) or the built-in
 * common codes.
 */
export const searchSatProducts = (search: string): Promise<SatProductsAnswer> =>
  call(catalogsContract.satProducts, { query: { search } });

export const satProductsKey = (search: string) => catalogsKeys.satProducts({ query: { search } });
