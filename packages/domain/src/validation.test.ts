import { describe, expect, it } from 'vitest';
import { registrationSchema, loginSchema } from './auth/schemas';
import { organizationCreateSchema } from './accounts/schemas';
import { localizeIssues, z } from './validation';

function fieldsOf(schema: z.ZodType, input: unknown, language: 'es' | 'en' = 'es') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return localizeIssues(result.error.issues, language);
}

const validRegistration = {
  name: 'Ana',
  last_name: 'López',
  phone_country_code: '+52',
  phone: '5512345678',
  password: 'Secreta#1',
  password_confirmation: 'Secreta#1',
};

describe('validation messages', () => {
  it('names a missing field as required in Spanish and English', () => {
    expect(fieldsOf(loginSchema, { password: 'x' })).toEqual({
      email: 'Este campo es obligatorio.',
    });
    expect(fieldsOf(loginSchema, { password: 'x' }, 'en')).toEqual({
      email: 'This field is required.',
    });
  });

  it('rejects an invalid email', () => {
    expect(fieldsOf(loginSchema, { email: 'ana@', password: 'x' }).email).toBe(
      'Ingresa un correo electrónico válido.',
    );
  });

  it('applies the password rules of spec §5', () => {
    for (const weak of ['Ab#1', 'secreta#1', 'SECRETA#1', 'Secreta#x', 'Secreta11']) {
      const fields = fieldsOf(registrationSchema, {
        ...validRegistration,
        password: weak,
        password_confirmation: weak,
      });
      expect(fields.password, weak).toMatch(/al menos 6 caracteres/);
    }
    expect(registrationSchema.safeParse(validRegistration).success).toBe(true);
  });

  it('requires the confirmation to match, on the confirmation field', () => {
    const fields = fieldsOf(registrationSchema, {
      ...validRegistration,
      password_confirmation: 'Otra#123',
    });
    expect(fields).toEqual({ password_confirmation: 'Las contraseñas no coinciden.' });
  });

  it('requires a phone of exactly 10 digits', () => {
    for (const phone of ['551234567', '55123456789', '55-1234-567']) {
      expect(fieldsOf(registrationSchema, { ...validRegistration, phone }).phone).toBe(
        'El teléfono debe tener exactamente 10 dígitos.',
      );
    }
  });

  it('requires a company of at least 5 characters and reports long fields by length', () => {
    const fields = fieldsOf(organizationCreateSchema, {
      company: 'Abcd',
      default_currency: 'EUR',
      default_unit: 'kg',
      abbreviation: 'X'.repeat(16),
    });
    expect(fields).toEqual({
      company: 'La empresa debe tener al menos 5 caracteres.',
      default_currency: 'Selecciona una opción válida.',
      abbreviation: 'Escribe máximo 15 caracteres.',
    });
  });

  it('normalises emails to lower case', () => {
    const parsed = loginSchema.parse({ email: '  Ana@Ejemplo.MX ', password: 'x' });
    expect(parsed).toEqual({ email: 'ana@ejemplo.mx', password: 'x', remember_me: false });
  });

  it('describes numeric limits', () => {
    const amount = z.object({ amount: z.number().positive(), count: z.number().int().max(3) });
    expect(fieldsOf(amount, { amount: 0, count: 1.5 })).toEqual({
      amount: 'El monto debe ser mayor a 0.',
      count: 'Solo se aceptan números enteros.',
    });
    expect(fieldsOf(amount, { amount: 1, count: 4 }, 'en')).toEqual({
      count: 'The maximum value is 3.',
    });
  });
});
