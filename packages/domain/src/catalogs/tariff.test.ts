import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import {
  classifiedTariffCodeSchema,
  formatTariffCode,
  parseTariffCode,
  tariffCodeSchema,
} from './tariff';

describe('tariff codes (fracción arancelaria + NICO)', () => {
  it('reads 8 digits as a partial code and 10 as fracción + NICO', () => {
    expect(parseTariffCode('01012101')).toEqual({
      fraction: '01012101',
      nico: null,
      complete: false,
    });
    expect(parseTariffCode('0101210100')).toEqual({
      fraction: '01012101',
      nico: '00',
      complete: true,
    });
  });

  it('takes the dots, spaces and dashes people write, keeping the leading zero', () => {
    expect(parseTariffCode('0101.21.01')).toMatchObject({ fraction: '01012101', nico: null });
    expect(parseTariffCode(' 0101.21.01.00 ')).toMatchObject({ fraction: '01012101', nico: '00' });
    expect(parseTariffCode('0101 21 01-99')).toMatchObject({ fraction: '01012101', nico: '99' });
    expect(formatTariffCode(parseTariffCode('0101.21.01.99')!)).toBe('0101210199');
    expect(formatTariffCode(parseTariffCode('0101.21.01')!)).toBe('01012101');
  });

  it('refuses any other length or non-digits', () => {
    for (const text of [
      '',
      '0101210',
      '010121010',
      '01012101000',
      '0101a101',
      '０１０１２１０１',
      '1e7',
    ]) {
      expect(parseTariffCode(text), text).toBeNull();
    }
  });

  it('validates a code field with the es/en messages, partial codes accepted', () => {
    expect(tariffCodeSchema.parse('0901.21.01')).toEqual({
      fraction: '09012101',
      nico: null,
      complete: false,
    });
    const wrong = tariffCodeSchema.safeParse('090121');
    expect(wrong.success).toBe(false);
    expect(localizeIssues(wrong.error!.issues, 'es')).toEqual({
      _: 'La fracción arancelaria tiene 8 dígitos, o 10 con el NICO, por ejemplo 0101.21.01.00.',
    });
    expect(localizeIssues(wrong.error!.issues, 'en')).toEqual({
      _: 'The tariff fraction has 8 digits, or 10 with the NICO, for example 0101.21.01.00.',
    });
    const empty = tariffCodeSchema.safeParse('  ');
    expect(localizeIssues(empty.error!.issues, 'en')).toEqual({ _: 'This field is required.' });
  });

  it('requires the NICO once the product is classified', () => {
    expect(classifiedTariffCodeSchema.parse('0901210100')).toEqual({
      fraction: '09012101',
      nico: '00',
      complete: true,
    });
    const partial = classifiedTariffCodeSchema.safeParse('09012101');
    expect(localizeIssues(partial.error!.issues, 'es')).toEqual({
      _: 'Agrega el NICO: la fracción arancelaria clasificada tiene 10 dígitos.',
    });
    expect(localizeIssues(partial.error!.issues, 'en')).toEqual({
      _: 'Add the NICO: a classified tariff fraction has 10 digits.',
    });
    const wrong = classifiedTariffCodeSchema.safeParse('0901');
    expect(localizeIssues(wrong.error!.issues, 'en')).toEqual({
      _: 'The tariff fraction has 8 digits, or 10 with the NICO, for example 0101.21.01.00.',
    });
  });
});
