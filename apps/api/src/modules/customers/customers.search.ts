import { searchKey } from '../../platform/search';

export interface SearchableCustomer {
  name: string;
  last_name?: string | null | undefined;
  company?: string | null | undefined;
  email: string;
  phone: string;
}

/**
 * What the search reads for a customer: name, last name, company, email, phone and the zip of
 * each address (once each). Exported for anything that writes customers outside the service
 * (the benchmark's bulk load).
 */
export function customerSearchText(customer: SearchableCustomer, zips: readonly string[]) {
  return searchKey(
    [
      customer.name,
      customer.last_name,
      customer.company,
      customer.email,
      customer.phone,
      ...new Set(zips),
    ]
      .filter(Boolean)
      .join(' '),
  );
}
