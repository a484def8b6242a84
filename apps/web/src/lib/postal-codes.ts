import { catalogsContract, POSTAL_CODE_PATTERN, type PostalCode } from '@despacho/domain';
import { call } from './api-client';
import { catalogsKeys } from './api/catalogs';
import { unwrap } from './http';

/** `GET postal-codes/:zip`: state, municipality, city and neighborhoods of a Mexican zip. */
export const lookupPostalCode = (zip: string): Promise<PostalCode> =>
  unwrap(call(catalogsContract.postalCode, { params: { zip } }));

export const postalCodeKey = (zip: string) => catalogsKeys.postalCode({ params: { zip } });

export const isCompleteZip = (zip: string | undefined): zip is string =>
  POSTAL_CODE_PATTERN.test(zip ?? '');
