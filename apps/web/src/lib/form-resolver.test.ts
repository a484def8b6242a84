import { loginSchema, registrationSchema } from '@despacho/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { domainResolver } from './form-resolver';
import { setLanguage } from './i18n';

const resolve = <S extends Parameters<typeof domainResolver>[0]>(
  schema: S,
  values: Parameters<ReturnType<typeof domainResolver<S>>>[0],
) => domainResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('domain resolver', () => {
  afterEach(() => setLanguage('es'));

  it('returns the parsed values when the schema accepts them', async () => {
    const result = await resolve(loginSchema, {
      email: ' Ana@Example.MX ',
      password: 'x',
      remember_me: true,
    });
    expect(result).toEqual({
      values: { email: 'ana@example.mx', password: 'x', remember_me: true },
      errors: {},
    });
  });

  it('words every issue with the domain messages in the current language', async () => {
    const values = {
      name: '',
      last_name: 'López',
      phone_country_code: '+52',
      phone: '55',
      password: 'abc',
      password_confirmation: 'abd',
    };
    const spanish = await resolve(registrationSchema, values);
    expect(spanish.errors.name?.message).toBe('Este campo es obligatorio.');
    expect(spanish.errors.phone?.message).toBe('El teléfono debe tener exactamente 10 dígitos.');
    expect(spanish.errors.password?.message).toMatch(/^La contraseña debe tener al menos 6/);

    await setLanguage('en');
    const english = await resolve(registrationSchema, values);
    expect(english.errors.phone?.message).toBe('The phone must have exactly 10 digits.');
  });
});
