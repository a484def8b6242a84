import type { z } from '../validation';
import type { AddressView, addressFieldsSchema } from './schemas';

/**
 * The address fields of an input (or of a view with more fields) as every view answers them:
 * absent optional parts are null. One mapping for shipments, orders and whatever keeps one.
 */
export function addressViewOf(
  address: z.input<typeof addressFieldsSchema> | AddressView,
): AddressView {
  return {
    street: address.street,
    external_number: address.external_number,
    internal_number: address.internal_number ?? null,
    reference: address.reference ?? null,
    neighborhood: address.neighborhood,
    city: address.city,
    municipality: address.municipality,
    state: address.state,
    zip: address.zip,
    country: address.country ?? 'MX',
  };
}
