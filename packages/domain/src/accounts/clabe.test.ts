import { describe, expect, it } from 'vitest';
import { bankOfClabe, clabeCheckDigit, clabeProblem, normalizeClabe } from './clabe';

describe('CLABE', () => {
  // Published examples (Banxico, Wikipedia) and STP's layout.
  const valid = [
    '032180000118359719',
    '002010077777777771',
    '646180157000000004',
    '014027000000000008',
  ];

  it('accepts CLABEs whose check digit follows the weights 3, 7, 1', () => {
    for (const clabe of valid) expect(clabeProblem(clabe)).toBeNull();
    expect(clabeCheckDigit('03218000011835971')).toBe('9');
    // A sum that is already a multiple of 10 gives 0, not 10.
    expect(clabeCheckDigit('00000000000000000')).toBe('0');
  });

  it('refuses a wrong check digit or a swapped pair of digits', () => {
    expect(clabeProblem('032180000118359718')).toBe('check_digit');
    expect(clabeProblem('002010077777777772')).toBe('check_digit');
    expect(clabeProblem('032180000118357919')).toBe('check_digit');
  });

  it('refuses anything but 18 digits', () => {
    for (const clabe of ['', '03218000011835971', '0321800001183597190', '03218000011835971A']) {
      expect(clabeProblem(clabe)).toBe('format');
    }
    expect(normalizeClabe(' 032 180 000118359719 ')).toBe('032180000118359719');
  });

  it('names the bank from the first three digits', () => {
    expect(bankOfClabe('002010077777777771')).toEqual({ code: '002', name: 'Banamex' });
    expect(bankOfClabe('012180001234567895')).toEqual({ code: '012', name: 'BBVA México' });
    expect(bankOfClabe('646180157000000004')).toEqual({ code: '646', name: 'STP' });
    expect(bankOfClabe('999180157000000004')).toBeNull();
  });
});
