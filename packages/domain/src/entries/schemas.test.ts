import { describe, expect, it } from 'vitest';
import { ENTRY_RULES } from './rules';
import { entrySchema, receiptSchema } from './schemas';

const variant = '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const base = {
  warehouse_id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  expected_date: '2026-12-01',
  lines: [{ variant_id: variant, expected_quantity: 5 }],
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('entry schemas', () => {
  it('takes an entry and reads blank optional texts as absent', () => {
    const parsed = entrySchema.parse({ ...base, reference: '  ', carrier: 'Estafeta' });
    expect(parsed).toMatchObject({ reference: undefined, carrier: 'Estafeta' });
  });

  it('needs one product, never the same twice, and a quantity between 1 and the maximum', () => {
    expect(messagesOf(entrySchema.safeParse({ ...base, lines: [] }))).toEqual([
      'entry_needs_product',
    ]);
    expect(
      messagesOf(entrySchema.safeParse({ ...base, lines: [...base.lines, ...base.lines] })),
    ).toEqual(['no_duplicates']);
    for (const expected_quantity of [0, 1.5, ENTRY_RULES.maxQuantity + 1]) {
      expect(
        entrySchema.safeParse({ ...base, lines: [{ variant_id: variant, expected_quantity }] })
          .success,
      ).toBe(false);
    }
  });

  it('wants a receipt to name its line or a scanned code', () => {
    expect(receiptSchema.safeParse({ count: 1 }).success).toBe(false);
    expect(receiptSchema.parse({ code: ' 7501 ', count: 2 })).toEqual({
      code: '7501',
      count: 2,
      disposition: 'accepted',
    });
  });
});
