import { describe, expect, it } from 'vitest';
import { SAT_TEST_INDIVIDUAL } from '../accounts/tax.examples';
import { curpCheckDigit, curpProblem, taxIdField, taxIdProblem } from './tax-id';

// A CURP with its check digit computed, and one with the digit changed.
const curpBody = 'OEAF771012HMCRGR0';
const curp = curpBody + curpCheckDigit(curpBody);
const wrongDigit = curpBody + String((Number(curpCheckDigit(curpBody)) + 1) % 10);
const rfc = SAT_TEST_INDIVIDUAL.tax_id; // CACX7605101P8, SAT's test taxpayer

describe('CURP', () => {
  it('computes the RENAPO check digit', () => {
    expect(curpCheckDigit('OEAF771012HMCRGR0')).toBe('8');
    expect(curpProblem(curp)).toBeNull();
    expect(curpProblem(wrongDigit)).toBe('check_digit');
  });

  it.each([
    ['an impossible month', 'OEAF771312HMCRGR08'],
    ['an unknown state', 'OEAF771012HZZRGR08'],
    ['a vowel where the inner consonants go', 'OEAF771012HMCAGR08'],
    ['a letter as the last character', 'OEAF771012HMCRGR0A'],
  ])('refuses %s', (_, value) => {
    expect(curpProblem(value)).toBe('format');
  });
});

describe('customer tax ID', () => {
  it('takes an RFC or a CURP, normalized', () => {
    expect(taxIdField.parse(` ${rfc.toLowerCase()} `)).toBe(rfc);
    expect(taxIdField.parse(curp.toLowerCase())).toBe(curp);
    expect(taxIdField.parse('')).toBeUndefined();
    expect(taxIdField.parse(undefined)).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(taxIdProblem(wrongDigit)).toBe('curp_check_digit');
    expect(taxIdProblem('OEAF771312HMCRGR08')).toBe('curp');
    expect(taxIdProblem('CACX7605101P9')).toBe('rfc_check_digit');
    expect(taxIdProblem('ABCDEFGHIJKL')).toBe('rfc');
    expect(taxIdProblem('ABC123')).toBe('tax_id');
    expect(taxIdField.safeParse('ABC123').error?.issues[0]?.message).toBe('tax_id');
  });
});
