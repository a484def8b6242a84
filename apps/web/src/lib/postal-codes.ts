import { POSTAL_CODE_PATTERN, type PostalCode } from '@despacho/domain';
import { http, unwrap, type ApiData } from './http';

/** `GET postal-codes/:zip`: state, municipality, city and neighborhoods of a Mexican zip. */
export const lookupPostalCode = (zip: string): Promise<PostalCode> =>
  unwrap(http.get<ApiData<PostalCode>>(`/postal-codes/${encodeURIComponent(zip)}`));

export const postalCodeKey = (zip: string) => ['postal-codes', zip] as const;

export const isCompleteZip = (zip: string | undefined): zip is string =>
  POSTAL_CODE_PATTERN.test(zip ?? '');
