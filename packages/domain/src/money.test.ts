import { describe, expect, it } from 'vitest';
import { formatMoney, withVat } from './money';

describe('money', () => {
  it('formats centavos as Mexican pesos', () => {
    expect(formatMoney(1450)).toBe('$14.50');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('adds 16% VAT rounding to the centavo', () => {
    expect(withVat(1250)).toBe(1450);
    expect(withVat(2000)).toBe(2320);
    expect(withVat(1)).toBe(1);
  });
});
