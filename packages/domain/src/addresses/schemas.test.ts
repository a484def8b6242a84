import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import { addressFieldsSchema, locationSchema } from './schemas';

const address = {
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
};
const location = {
  ...address,
  alias: 'Bodega',
  contact_name: 'Ana López',
  contact_email: 'ana@prueba.mx',
  contact_phone: '5512345678',
};

const fieldsOf = (result: { success: boolean; error?: { issues: never[] } | undefined }) =>
  localizeIssues(result.error?.issues ?? [], 'es');

describe('address fields (spec §5)', () => {
  it('accepts a complete address, defaults the country to MX and drops empty optionals', () => {
    const parsed = addressFieldsSchema.parse({ ...address, reference: '  ', internal_number: '' });
    expect(parsed.country).toBe('MX');
    expect(parsed.reference).toBeUndefined();
    expect(parsed.internal_number).toBeUndefined();
  });

  it.each([
    ['street', 35],
    ['external_number', 10],
    ['internal_number', 10],
    ['reference', 15],
    ['neighborhood', 25],
    ['city', 35],
  ])('limits %s to %i characters', (field, max) => {
    expect(addressFieldsSchema.safeParse({ ...address, [field]: 'a'.repeat(max) }).success).toBe(
      true,
    );
    const result = addressFieldsSchema.safeParse({ ...address, [field]: 'a'.repeat(max + 1) });
    expect(fieldsOf(result as never)).toEqual({ [field]: `Escribe máximo ${max} caracteres.` });
  });

  it('wants a 5-digit zip', () => {
    for (const zip of ['0310', '031000', 'abcde']) {
      const result = addressFieldsSchema.safeParse({ ...address, zip });
      expect(fieldsOf(result as never)).toEqual({ zip: 'El código postal tiene 5 dígitos.' });
    }
  });
});

describe('location', () => {
  it('checks contact phone, email and company (when present)', () => {
    const parsed = locationSchema.parse(location);
    expect(parsed.is_default).toBe(false);
    expect(parsed.company).toBeUndefined();
    const result = locationSchema.safeParse({
      ...location,
      company: 'Abc',
      contact_email: 'x',
      contact_phone: '55 1234 5678',
    });
    expect(fieldsOf(result as never)).toEqual({
      company: 'La empresa debe tener al menos 5 caracteres.',
      contact_email: 'Ingresa un correo electrónico válido.',
      contact_phone: 'El teléfono debe tener exactamente 10 dígitos.',
    });
    expect(locationSchema.parse({ ...location, company: '' }).company).toBeUndefined();
  });
});
