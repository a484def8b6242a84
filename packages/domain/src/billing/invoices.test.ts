import { describe, expect, it } from 'vitest';
import { centavosToDecimal, splitVat } from './invoices';

describe('splitVat', () => {
  it('splits every total exactly, with the VAT next to 16% of the subtotal', () => {
    for (let total = 0; total <= 200_000; total += 1) {
      const { subtotal, vat } = splitVat(total);
      expect(subtotal + vat).toBe(total);
      const exact = (subtotal * 16) / 100;
      // SAT accepts floor or ceil of Base × 0.16 for a two-decimal Importe.
      if (vat !== Math.floor(exact) && vat !== Math.ceil(exact)) {
        throw new Error(`total ${total}: vat ${vat} vs ${exact}`);
      }
    }
  });

  it('gives round figures for round totals', () => {
    expect(splitVat(116_000)).toEqual({ subtotal: 100_000, vat: 16_000 });
    expect(splitVat(125_000)).toEqual({ subtotal: 107_759, vat: 17_241 });
    expect(splitVat(28_550)).toEqual({ subtotal: 24_612, vat: 3_938 });
  });

  it('refuses fractions and negatives', () => {
    expect(() => splitVat(1.5)).toThrow();
    expect(() => splitVat(-1)).toThrow();
  });
});

describe('centavosToDecimal', () => {
  it('writes pesos with two decimals', () => {
    expect(centavosToDecimal(0)).toBe('0.00');
    expect(centavosToDecimal(5)).toBe('0.05');
    expect(centavosToDecimal(125_000)).toBe('1250.00');
    expect(centavosToDecimal(-1450)).toBe('-14.50');
  });
});
