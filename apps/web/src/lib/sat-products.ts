import type { SatProduct } from '@despacho/domain';
import { http, unwrap, type ApiData } from './http';

/** `GET sat-products?search=`: up to 20 Carta Porte product codes by code prefix or words. */
export const searchSatProducts = (search: string): Promise<SatProduct[]> =>
  unwrap(http.get<ApiData<SatProduct[]>>('/sat-products', { search }));

export const satProductsKey = (search: string) => ['sat-products', 'search', search] as const;
