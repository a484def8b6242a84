import type { AddressView } from '@despacho/domain';

/** What the address fields of a form start as: a stored address's, or empty ones in Mexico. */
export const addressFormValues = (address?: AddressView | null) => ({
  street: address?.street ?? '',
  external_number: address?.external_number ?? '',
  internal_number: address?.internal_number ?? '',
  reference: address?.reference ?? '',
  neighborhood: address?.neighborhood ?? '',
  city: address?.city ?? '',
  municipality: address?.municipality ?? '',
  state: address?.state ?? '',
  zip: address?.zip ?? '',
  country: address?.country ?? 'MX',
});
