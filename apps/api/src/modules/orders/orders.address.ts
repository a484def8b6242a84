import { addressViewOf, type OrderShippingAddressInput } from '@despacho/domain';
import type { PostalCodesService } from '../catalogs';
import type { ExternalAddress } from '../stores';
import { AppError } from '../../platform/errors';
import type { OrderAddress } from './orders.tables';

/** Accents and case do not make a state or municipality differ. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** A typed address (manual orders, corrections) as the order keeps it. */
export function typedAddress(input: OrderShippingAddressInput): OrderAddress {
  return {
    contact_name: input.contact_name,
    company: input.company ?? null,
    email: input.email || null,
    phone: input.phone || null,
    ...addressViewOf(input),
  };
}

/**
 * A platform's address as the order keeps it: platforms give one street line, so a trailing
 * number becomes the exterior number (else `S/N`, as Mexican labels write it) and the second
 * line the interior one; the city stands for the municipality until SEPOMEX is asked.
 */
export function externalAddress(address: ExternalAddress | null): OrderAddress | null {
  if (!address?.street && !address?.zip) return null;
  const line = (address.street ?? '').trim();
  const numbered = /^(.*?)[\s,]+(?:#|no\.?\s*)?(\d+[a-z]?)$/iu.exec(line);
  return {
    contact_name: address.name ?? '',
    company: address.company,
    email: address.email,
    phone: address.phone,
    street: numbered ? numbered[1]! : line,
    external_number: numbered ? numbered[2]! : 'S/N',
    internal_number: address.street2,
    reference: null,
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    municipality: address.city ?? '',
    state: address.state ?? '',
    zip: (address.zip ?? '').trim(),
    country: address.country ?? 'MX',
  };
}

/**
 * What SEPOMEX doubts of the address: an unknown zip, or a state or municipality that is not
 * the zip's. Nothing is doubted while the catalogue is not loaded (it cannot tell).
 */
export async function addressIssues(
  postalCodes: Pick<PostalCodesService, 'lookup'>,
  address: OrderAddress | null,
): Promise<string[]> {
  if (!address || address.country !== 'MX') return [];
  if (!/^\d{5}$/.test(address.zip)) return ['zip_invalid'];
  try {
    const known = await postalCodes.lookup(address.zip);
    const issues: string[] = [];
    if (address.state && plain(known.state) !== plain(address.state)) issues.push('state_mismatch');
    const place = plain(address.municipality || address.city);
    if (place && place !== plain(known.municipality) && place !== plain(known.city)) {
      issues.push('municipality_mismatch');
    }
    return issues;
  } catch (error) {
    if (error instanceof AppError && error.code === 'POSTAL_CODE_NOT_FOUND') return ['zip_unknown'];
    if (error instanceof AppError && error.code === 'POSTAL_CODES_NOT_LOADED') return [];
    throw error;
  }
}
