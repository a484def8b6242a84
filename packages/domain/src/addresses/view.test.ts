import { describe, expect, it } from 'vitest';
import { addressViewOf } from './view';

describe('addressViewOf', () => {
  const typed = {
    street: 'Av. Álvaro Obregón',
    external_number: '120',
    neighborhood: 'Roma Norte',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    zip: '06700',
  };

  it('answers absent optional parts as null and Mexico when no country is given', () => {
    expect(addressViewOf(typed)).toEqual({
      ...typed,
      internal_number: null,
      reference: null,
      country: 'MX',
    });
  });

  it('keeps only the address of a record with more fields', () => {
    const view = addressViewOf({
      ...typed,
      internal_number: '3',
      reference: 'Portón azul',
      country: 'US',
      contact_name: 'Laura',
    } as Parameters<typeof addressViewOf>[0]);
    expect(view).not.toHaveProperty('contact_name');
    expect(view).toMatchObject({ internal_number: '3', reference: 'Portón azul', country: 'US' });
  });
});
