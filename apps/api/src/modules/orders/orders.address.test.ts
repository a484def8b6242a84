import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { addressIssues, externalAddress } from './orders.address';

/** SEPOMEX as the catalogs module answers it: one known zip. */
const postalCodes = {
  lookup: async (zip: string) => {
    if (zip !== '64000') throw new AppError('POSTAL_CODE_NOT_FOUND', { zip });
    return {
      zip,
      state: 'Nuevo León',
      state_code: '19',
      municipality: 'Monterrey',
      city: 'Monterrey',
      neighborhoods: [],
    };
  },
};
const notLoaded = {
  lookup: async () => {
    throw new AppError('POSTAL_CODES_NOT_LOADED');
  },
};

const platformAddress = {
  name: 'Lucía',
  company: null,
  phone: null,
  email: null,
  street: 'Avenida Escondida #1500',
  street2: 'Depto 4',
  neighborhood: 'Centro',
  city: 'Monterrey',
  state: 'Nuevo Leon',
  zip: '64000',
  country: 'MX',
};

describe('an order’s address against SEPOMEX', () => {
  it('takes a trailing number as the exterior one, else S/N', () => {
    expect(externalAddress(platformAddress)).toMatchObject({
      street: 'Avenida Escondida',
      external_number: '1500',
      internal_number: 'Depto 4',
    });
    expect(externalAddress({ ...platformAddress, street: 'Conocido' })).toMatchObject({
      street: 'Conocido',
      external_number: 'S/N',
    });
    expect(externalAddress({ ...platformAddress, street: null, zip: null })).toBeNull();
  });

  it('confirms the zip’s state and municipality, accents aside, and doubts the rest', async () => {
    const address = externalAddress(platformAddress)!;
    expect(await addressIssues(postalCodes, address)).toEqual([]);
    expect(await addressIssues(postalCodes, { ...address, state: 'Jalisco' })).toEqual([
      'state_mismatch',
    ]);
    expect(
      await addressIssues(postalCodes, {
        ...address,
        municipality: 'Guadalupe',
        city: 'Guadalupe',
      }),
    ).toEqual(['municipality_mismatch']);
    expect(await addressIssues(postalCodes, { ...address, zip: '99999' })).toEqual(['zip_unknown']);
    expect(await addressIssues(postalCodes, { ...address, zip: '640' })).toEqual(['zip_invalid']);
    // Without the catalogue nothing can be doubted.
    expect(await addressIssues(notLoaded, address)).toEqual([]);
  });
});
