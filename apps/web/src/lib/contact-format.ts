import type { AddressView } from '@despacho/domain';

/** Name and last name, as the lists and headings show a customer. */
export const fullName = (customer: { name: string; last_name: string | null }) =>
  [customer.name, customer.last_name].filter(Boolean).join(' ');

// Mexico City, Guadalajara and Monterrey have 2-digit area codes; the rest of the country 3.
const TWO_DIGIT_AREAS = new Set(['33', '55', '56', '81']);

/** A 10-digit Mexican number the way it is read: `55 1234 5678`, `442 123 4567`. */
export function formatPhone(phone: string): string {
  if (!/^\d{10}$/.test(phone)) return phone;
  return TWO_DIGIT_AREAS.has(phone.slice(0, 2))
    ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`
    : `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
}

/** Which tax ID a stored value is: a CURP (18), a company's RFC (12) or a person's (13). */
export function taxIdKind(taxId: string): 'curp' | 'rfcCompany' | 'rfcPerson' {
  const length = [...taxId].length;
  return length === 18 ? 'curp' : length === 12 ? 'rfcCompany' : 'rfcPerson';
}

/** Street, numbers and neighborhood on one line. */
export const streetLine = (address: AddressView) =>
  [
    `${address.street} ${address.external_number}${address.internal_number ? ` int. ${address.internal_number}` : ''}`,
    address.neighborhood,
  ].join(', ');
