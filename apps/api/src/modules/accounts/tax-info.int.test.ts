import { ALL_PERMISSIONS } from '@despacho/domain';
import { SAT_TEST_COMPANY, SAT_TEST_INDIVIDUAL } from '@despacho/domain/accounts/tax.examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { callAs } from './account-details.test-support';

const company = SAT_TEST_COMPANY;

describe('account details: tax information', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  let call: ReturnType<typeof callAs>;
  const get = (user: TestUser) => call(user, 'GET', '/organization/tax-info');
  const put = (user: TestUser, payload: object, language = 'es') =>
    call(user, 'PUT', '/organization/tax-info', payload, language);

  /** The request fails with these field messages and the stored information stays as it was. */
  async function refused(payload: object, language: string, fields: Record<string, string>) {
    const before = (await get(owner)).json().data;
    const response = await put(owner, payload, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual(fields);
    expect((await get(owner)).json().data).toEqual(before);
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callAs(ctx.app);
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    member = await createTestUser(ctx, {
      organizationId: merchant.organization.id,
      permissions: ALL_PERMISSIONS.filter((key) => key !== 'settings.my_company'),
    });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  it('answers null before the organization saves any', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
  });

  it('saves a company with name and RFC as SAT writes them', async () => {
    const response = await put(owner, company);
    expect(response.statusCode).toBe(200);
    const saved = {
      ...company,
      legal_name: 'ESCUELA KEMPER URGATE',
      tax_id: 'EKU9003173C9',
      updated_at: '2026-03-02T16:00:00.000Z',
    };
    expect(response.json().data).toEqual(saved);
    expect((await get(owner)).json().data).toEqual(saved);
  });

  it('replaces it with an individual', async () => {
    ctx.clock.advance(60_000);
    const individual = SAT_TEST_INDIVIDUAL;
    const response = await put(owner, individual);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...individual, updated_at: '2026-03-02T16:01:00.000Z' });
  });

  it('accepts a generic RFC only with regime 616 and use S01', async () => {
    const generic = {
      ...company,
      legal_name: 'Publico en general',
      person_type: 'fisica',
      tax_id: 'XAXX010101000',
      tax_regime: '616',
      cfdi_use: 'S01',
    };
    await refused({ ...generic, tax_regime: '612', cfdi_use: 'G03' }, 'es', {
      tax_regime:
        'Con un RFC genérico el SAT solo acepta el régimen 616 Sin obligaciones fiscales.',
      cfdi_use: 'Con un RFC genérico el SAT solo acepta el uso S01 Sin efectos fiscales.',
    });
    const response = await put(owner, generic);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.tax_id).toBe('XAXX010101000');
    await put(owner, company);
  });

  it('refuses an invalid RFC, in Spanish and English', async () => {
    await refused({ ...company, tax_id: 'EKU-9003' }, 'es', {
      tax_id: 'Ingresa un RFC válido: 12 caracteres para persona moral o 13 para persona física.',
    });
    await refused({ ...company, tax_id: 'EKU9013173C9' }, 'en', {
      tax_id: 'Enter a valid RFC: 12 characters for a legal entity or 13 for an individual.',
    });
  });

  it('refuses an RFC whose check digit is wrong', async () => {
    await refused({ ...company, tax_id: 'EKU9003173C8' }, 'es', {
      tax_id:
        'El dígito verificador del RFC no es correcto. Revísalo en tu Constancia de Situación Fiscal.',
    });
    await refused({ ...company, tax_id: 'EKU9003173C8' }, 'en', {
      tax_id: 'The RFC check digit is not correct. Check it on your tax status certificate.',
    });
  });

  it('refuses an RFC of the other type of person', async () => {
    await refused({ ...company, tax_id: 'CACX7605101P8' }, 'en', {
      tax_id:
        'The RFC does not match the type of person: a legal entity has 12 characters and an individual 13.',
    });
  });

  it('refuses a regime not valid for the type of person', async () => {
    await refused({ ...company, tax_regime: '605', cfdi_use: 'S01' }, 'es', {
      tax_regime: 'Este régimen fiscal no aplica para el tipo de persona elegido.',
    });
    await refused({ ...company, tax_regime: '605', cfdi_use: 'S01' }, 'en', {
      tax_regime: 'This tax regime does not apply to the chosen type of person.',
    });
  });

  it('refuses a CFDI use not valid for the regime', async () => {
    await refused({ ...company, cfdi_use: 'D01' }, 'es', {
      cfdi_use: 'Este uso de CFDI no es válido para el régimen fiscal elegido.',
    });
    await refused({ ...company, cfdi_use: 'CN01' }, 'en', {
      cfdi_use: 'This CFDI use is not valid for the chosen tax regime.',
    });
  });

  it('refuses the company type in the name, unknown keys and a wrong postal code', async () => {
    await refused(
      {
        ...company,
        legal_name: 'Escuela Kemper Urgate SA de CV',
        payment_form: '07',
        payment_method: 'PAGO',
        zip_code: '1750',
      },
      'en',
      {
        legal_name:
          'Enter the company name without its company type (e.g. without "SA DE CV"), as CFDI 4.0 requires.',
        payment_form: 'Choose a valid option.',
        payment_method: 'Choose a valid option.',
        zip_code: 'The tax postal code has 5 digits.',
      },
    );
    await refused({ ...company, zip_code: '18000' }, 'es', {
      zip_code: 'Este código postal no existe en México.',
    });
  });

  it('asks for every field', async () => {
    await refused({}, 'es', {
      legal_name: 'Este campo es obligatorio.',
      person_type: 'Selecciona una opción válida.',
      zip_code: 'Este campo es obligatorio.',
      tax_regime: 'Este campo es obligatorio.',
      payment_form: 'Este campo es obligatorio.',
      payment_method: 'Este campo es obligatorio.',
      cfdi_use: 'Este campo es obligatorio.',
      tax_id: 'Este campo es obligatorio.',
    });
  });

  it('answers 403 to a member without settings.my_company, for reading and writing', async () => {
    expect((await get(member)).statusCode).toBe(403);
    const response = await put(member, { ...company, legal_name: 'OTRA EMPRESA' });
    expect(response.statusCode).toBe(403);
    expect((await get(owner)).json().data.legal_name).toBe('ESCUELA KEMPER URGATE');
  });

  it('keeps each organization to its own tax information', async () => {
    expect((await get(stranger)).json()).toEqual({ data: null });
    await put(stranger, { ...company, legal_name: 'Otra Tienda' });
    expect((await get(owner)).json().data.legal_name).toBe('ESCUELA KEMPER URGATE');
    expect((await get(stranger)).json().data.legal_name).toBe('OTRA TIENDA');
  });
});
