import { describe, expect, it } from 'vitest';
import {
  CFDI_USES,
  cfdiUsesFor,
  fiscalZipCodeProblem,
  hasRegimeSuffix,
  isGenericRfc,
  normalizeLegalName,
  normalizeRfc,
  PAYMENT_FORMS,
  PAYMENT_METHODS,
  personTypeOfRfc,
  regimesFor,
  rfcCheckDigit,
  rfcProblem,
  TAX_REGIMES,
} from './tax';

const codes = (rows: readonly { code: string }[]) => rows.map((row) => row.code);

describe('RFC', () => {
  // SAT's own test taxpayers (CSD de pruebas) and other published RFCs: all carry a right digit.
  const companies = [
    'EKU9003173C9',
    'URE180429TM6',
    'EWE1709045U0',
    'IIA040805DZ4',
    'H&E951128469',
  ];
  const individuals = ['XIQB891116QE4', 'MISC491214B86', 'CACX7605101P8', 'IAÑL750210963'];

  it('accepts real RFCs of companies (12) and individuals (13), with Ñ and &', () => {
    for (const rfc of [...companies, ...individuals]) expect(rfcProblem(rfc)).toBeNull();
    expect(companies.map(personTypeOfRfc)).toEqual(companies.map(() => 'moral'));
    expect(individuals.map(personTypeOfRfc)).toEqual(individuals.map(() => 'fisica'));
  });

  it('computes the check digit SAT computes, including A and 0', () => {
    expect(rfcCheckDigit('EKU9003173C9')).toBe('9');
    expect(rfcCheckDigit('CACX7605101P8')).toBe('8');
    expect(rfcCheckDigit('EWE1709045U0')).toBe('0');
    // 11 − (sum mod 11) = 10 reads "A".
    expect(rfcCheckDigit('GOMA80010116A')).toBe('A');
    expect(rfcProblem('GOMA80010116A')).toBeNull();
    expect(rfcProblem('GOMA800101161')).toBe('check_digit');
  });

  it('refuses a wrong check digit', () => {
    expect(rfcProblem('EKU9003173C8')).toBe('check_digit');
    expect(rfcProblem('CACX7605101P9')).toBe('check_digit');
    expect(rfcProblem('XIQB891116QEA')).toBe('check_digit');
  });

  it('refuses wrong shapes and impossible dates', () => {
    for (const rfc of [
      '',
      'EKU900317',
      'EK9003173C9', // two letters
      'EKUA90031733C9', // too long
      'EKU9013173C9', // month 13
      'EKU9002303C9', // 30 February
      'CACX7605101P', // no digit
      'CACX76O5101P8', // letter in the date
    ]) {
      expect(rfcProblem(rfc)).toBe('format');
    }
  });

  it('knows 29 February only in leap years', () => {
    const body = 'GODE000229AB';
    expect(rfcProblem(body + rfcCheckDigit(`${body}X`))).toBeNull();
    const notLeap = 'GODE010229AB';
    expect(rfcProblem(notLeap + rfcCheckDigit(`${notLeap}X`))).toBe('format');
  });

  it('recognises the generic RFCs, which SAT does not check-digit', () => {
    expect(isGenericRfc('XAXX010101000')).toBe(true);
    expect(isGenericRfc('XEXX010101000')).toBe(true);
    expect(isGenericRfc('XAXX010101001')).toBe(false);
    expect(rfcProblem('XAXX010101000')).toBeNull();
    expect(personTypeOfRfc('XAXX010101000')).toBe('fisica');
  });

  it('normalizes how people type it', () => {
    expect(normalizeRfc(' eku-900317 3c9 ')).toBe('EKU9003173C9');
    expect(personTypeOfRfc('ABC')).toBeNull();
  });
});

describe('SAT catalogues', () => {
  it('come from the package with the regimes of each type of person', () => {
    expect(TAX_REGIMES.length).toBeGreaterThan(15);
    expect(codes(PAYMENT_METHODS)).toEqual(['PUE', 'PPD']);
    expect(PAYMENT_FORMS.find((form) => form.code === '03')?.label).toBe(
      '03 - Transferencia electrónica de fondos',
    );
    expect(codes(regimesFor('moral'))).toEqual([
      '601',
      '603',
      '610',
      '620',
      '622',
      '623',
      '624',
      '626',
    ]);
    expect(codes(regimesFor('fisica'))).toContain('612');
    expect(codes(regimesFor('fisica'))).toContain('626');
    expect(codes(regimesFor('fisica'))).not.toContain('601');
  });

  it('offers the CFDI uses valid for the regime and person type', () => {
    expect(codes(cfdiUsesFor('601', 'moral'))).toContain('G03');
    expect(codes(cfdiUsesFor('601', 'moral'))).not.toContain('D01');
    expect(codes(cfdiUsesFor('612', 'fisica'))).toContain('D01');
    expect(codes(cfdiUsesFor('605', 'fisica'))).toContain('CN01');
    expect(codes(cfdiUsesFor('605', 'fisica'))).not.toContain('G03');
    expect(codes(cfdiUsesFor('616', 'fisica'))).toEqual(['G02', 'S01', 'CP01']);
    expect(CFDI_USES.every((use) => use.regimes.length > 0)).toBe(true);
  });

  it('leaves only regime 616 and use S01 to generic RFCs', () => {
    expect(codes(regimesFor('fisica', 'XAXX010101000'))).toEqual(['616']);
    expect(codes(cfdiUsesFor('616', 'fisica', 'XEXX010101000'))).toEqual(['S01']);
  });
});

describe('company name', () => {
  it('is upper case with single spaces', () => {
    expect(normalizeLegalName('  Comercial   jade ')).toBe('COMERCIAL JADE');
  });

  it('spots the company type CFDI 4.0 leaves out', () => {
    for (const name of [
      'COMERCIAL JADE SA DE CV',
      'Comercial Jade, S.A. de C.V.',
      'JADE S DE RL DE CV',
      'JADE SAPI DE CV',
      'FUNDACION JADE AC',
      'JADE SOCIEDAD ANÓNIMA DE CAPITAL VARIABLE',
    ]) {
      expect(hasRegimeSuffix(name)).toBe(true);
    }
    for (const name of ['COMERCIAL JADE', 'LA CASA', 'SA', 'MESA Y SILLA']) {
      expect(hasRegimeSuffix(name)).toBe(false);
    }
  });
});

describe('fiscal postal code', () => {
  it('has 5 digits with a prefix some state uses', () => {
    expect(fiscalZipCodeProblem('06600')).toBeNull();
    expect(fiscalZipCodeProblem('64000')).toBeNull();
    expect(fiscalZipCodeProblem('6600')).toBe('format');
    expect(fiscalZipCodeProblem('0660A')).toBe('format');
    expect(fiscalZipCodeProblem('17000')).toBe('unknown');
    expect(fiscalZipCodeProblem('00100')).toBe('unknown');
  });
});
