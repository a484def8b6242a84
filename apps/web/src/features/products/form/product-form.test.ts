import { describe, expect, it } from 'vitest';
import { generateVariants, pesosText } from './product-form';

describe('generateVariants', () => {
  const options = [
    { name: 'Talla', values: ['S', 'M'] },
    { name: 'Color', values: ['Rojo', 'Azul'] },
  ];

  it('makes one variant per combination of two options of two values', () => {
    const variants = generateVariants(options, []);
    expect(variants.map((variant) => variant.option_values)).toEqual([
      ['S', 'Rojo'],
      ['S', 'Azul'],
      ['M', 'Rojo'],
      ['M', 'Azul'],
    ]);
  });

  it('keeps the data and id of a row whose combination stays, whatever its case', () => {
    const kept = {
      id: '3f1c9a2e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
      option_values: ['m', 'azul'],
      sku: 'PLAYERA-M-AZ',
      price: '249.90',
    };
    const gone = { option_values: ['XL', 'Rojo'], sku: 'PLAYERA-XL' };
    const variants = generateVariants(options, [kept, gone]);
    expect(variants).toHaveLength(4);
    expect(variants[3]).toBe(kept);
    expect(variants.some((variant) => variant.sku === 'PLAYERA-XL')).toBe(false);
    expect(variants[0]).toMatchObject({ option_values: ['S', 'Rojo'], sku: '' });
  });

  it('leaves out an option without values, and without options gives the default variant', () => {
    expect(generateVariants([...options, { name: 'Material', values: [] }], [])).toHaveLength(4);
    expect(generateVariants([], [])).toEqual([
      { option_values: [], sku: '', barcode: '', price: '', cost: '' },
    ]);
  });
});

describe('pesosText', () => {
  it('shows centavos as pesos with two decimals, blank for none', () => {
    expect(pesosText(24990)).toBe('249.90');
    expect(pesosText(5)).toBe('0.05');
    expect(pesosText(null)).toBe('');
  });
});
