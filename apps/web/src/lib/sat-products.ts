import { catalogsContract, type SatProduct } from '@despacho/domain';
import { call } from './api-client';
import { catalogsKeys } from './api/catalogs';
import { unwrap } from './http';

/** `GET sat-products?search=`: up to 20 Carta Porte product codes by code prefix or words. */
export const searchSatProducts = (search: string): Promise<SatProduct[]> =>
  unwrap(call(catalogsContract.satProducts, { query: { search } }));

export const satProductsKey = (search: string) => catalogsKeys.satProducts({ query: { search } });
