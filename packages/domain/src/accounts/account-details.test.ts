import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import {
  depositDataUpdateSchema,
  satCatalogs,
  taxInfoUpdateSchema,
  type TaxInfoDraftValues,
} from './account-details';
import { SAT_TEST_COMPANY, SAT_TEST_INDIVIDUAL } from './tax.examples';

const company: TaxInfoDraftValues = SAT_TEST_COMPANY;

const fieldErrors = (values: Partial<TaxInfoDraftValues>, language: 'es' | 'en' = 'en') => {
  const result = taxInfoUpdateSchema.safeParse({ ...company, ...values });
  return result.success ? {} : localizeIssues(result.error.issues, language);
};

describe('tax information', () => {
  it('accepts a company and stores name and RFC as SAT writes them', () => {
    expect(taxInfoUpdateSchema.parse(company)).toMatchObject({
      legal_name: 'ESCUELA KEMPER URGATE',
      tax_id: 'EKU9003173C9',
    });
  });

  it('accepts an individual with a deduction use', () => {
    expect(fieldErrors(SAT_TEST_INDIVIDUAL)).toEqual({});
  });

  it('explains a wrong RFC, a wrong check digit and an RFC of the other person type', () => {
    expect(fieldErrors({ tax_id: 'EKU90031' }).tax_id).toMatch(/valid RFC/);
    expect(fieldErrors({ tax_id: 'EKU9003173C8' }, 'es').tax_id).toMatch(/dígito verificador/);
    expect(fieldErrors({ tax_id: 'CACX7605101P8' }).tax_id).toMatch(/does not match the type/);
  });

  it('refuses a regime of the other person type and a use the regime does not allow', () => {
    expect(fieldErrors({ tax_regime: '612' })).toEqual({
      tax_regime: 'This tax regime does not apply to the chosen type of person.',
    });
    expect(fieldErrors({ tax_regime: '605', cfdi_use: 'G03' })).toEqual({
      tax_regime: 'This tax regime does not apply to the chosen type of person.',
      cfdi_use: 'This CFDI use is not valid for the chosen tax regime.',
    });
    expect(fieldErrors({ cfdi_use: 'D01' }, 'es')).toEqual({
      cfdi_use: 'Este uso de CFDI no es válido para el régimen fiscal elegido.',
    });
  });

  it('allows a generic RFC only with regime 616 and use S01', () => {
    const generic = {
      legal_name: 'Publico en general',
      person_type: 'fisica' as const,
      tax_id: 'XAXX010101000',
      tax_regime: '616',
      cfdi_use: 'S01',
    };
    expect(fieldErrors(generic)).toEqual({});
    expect(fieldErrors({ ...generic, tax_regime: '612', cfdi_use: 'G03' })).toEqual({
      tax_regime: 'With a generic RFC, SAT only accepts regime 616 (no tax obligations).',
      cfdi_use: 'With a generic RFC, SAT only accepts use S01 (no tax effects).',
    });
    expect(fieldErrors({ ...generic, person_type: 'moral' }).tax_id).toMatch(/does not match/);
  });

  it('refuses the company type in the name of a company, and unknown catalogue keys', () => {
    expect(fieldErrors({ legal_name: 'Escuela Kemper Urgate, S.A. de C.V.' }).legal_name).toMatch(
      /without its company type/,
    );
    expect(fieldErrors({ payment_form: '07', payment_method: 'XYZ', zip_code: '123' })).toEqual({
      payment_form: 'Choose a valid option.',
      payment_method: 'Choose a valid option.',
      zip_code: 'The tax postal code has 5 digits.',
    });
  });
});

describe('SAT catalogues answer', () => {
  it('keeps SAT descriptions in Spanish and words our labels in the caller language', () => {
    const en = satCatalogs('en');
    expect(en.person_types).toEqual([
      { code: 'fisica', label: 'Individual (persona física)' },
      { code: 'moral', label: 'Legal entity (persona moral)' },
    ]);
    expect(en.tax_regimes.find((regime) => regime.code === '601')).toEqual({
      code: '601',
      description: 'General de Ley Personas Morales',
      label: '601 - General de Ley Personas Morales',
      person_types: ['moral'],
    });
    expect(satCatalogs('es').generic_rfcs[0]).toEqual({
      rfc: 'XAXX010101000',
      label: 'Público en general (sin RFC)',
      tax_regime: '616',
      cfdi_use: 'S01',
    });
  });
});

describe('deposit data', () => {
  it('takes a CLABE with spaces and checks its digit', () => {
    expect(depositDataUpdateSchema.parse({ clabe: '032 180 00011835971 9' })).toEqual({
      clabe: '032180000118359719',
    });
    const wrong = depositDataUpdateSchema.safeParse({ clabe: '032180000118359718' });
    expect(wrong.success || localizeIssues(wrong.error.issues, 'en')).toEqual({
      clabe: 'The CLABE check digit is not correct. Check that it is typed correctly.',
    });
    const short = depositDataUpdateSchema.safeParse({ clabe: '0321' });
    expect(short.success || localizeIssues(short.error.issues, 'es')).toEqual({
      clabe: 'La CLABE tiene 18 dígitos.',
    });
  });
});
