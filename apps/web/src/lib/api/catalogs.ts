import { catalogsContract } from '@despacho/domain';
import { queryKeys } from '../api-client';

/** The query keys of the catalogues (postal codes, SAT products, units and tax catalogues). */
export const catalogsKeys = queryKeys(catalogsContract);
