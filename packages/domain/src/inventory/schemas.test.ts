import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import { adjustmentSchema, inventoryQuerySchema, warehouseSchema } from './schemas';

const variant = '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const location = '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const fieldsOf = (input: unknown) => {
  const parsed = adjustmentSchema.safeParse(input);
  return parsed.success ? {} : localizeIssues(parsed.error.issues, 'en');
};

describe('adjustmentSchema', () => {
  it('defaults a missing bucket to no change', () => {
    expect(
      adjustmentSchema.parse({
        location_id: location,
        reason: ' Conteo ',
        lines: [{ variant_id: variant, on_hand_delta: -2 }],
      }),
    ).toEqual({
      location_id: location,
      reason: 'Conteo',
      lines: [{ variant_id: variant, on_hand_delta: -2, not_sellable_delta: 0 }],
    });
  });

  it('refuses a line that changes nothing, a duplicate variant and too large a change', () => {
    expect(
      fieldsOf({
        location_id: location,
        reason: 'x',
        lines: [
          { variant_id: variant, on_hand_delta: 0 },
          { variant_id: variant, on_hand_delta: 100_001 },
        ],
      }),
    ).toEqual({
      'lines.0.on_hand_delta': 'Enter how many units to add or take away.',
      'lines.1.on_hand_delta': 'The maximum value is 100000.',
      'lines.1.variant_id': 'Duplicate items are not allowed.',
    });
  });
});

describe('inventoryQuerySchema', () => {
  it('reads the flags and the threshold from the query string', () => {
    expect(inventoryQuerySchema.parse({ low_stock: 'true', threshold: '2' })).toMatchObject({
      low_stock: true,
      threshold: 2,
      page: 1,
    });
    expect(inventoryQuerySchema.parse({})).toMatchObject({ threshold: 5 });
    expect(inventoryQuerySchema.safeParse({ threshold: '-1' }).success).toBe(false);
  });
});

describe('warehouseSchema', () => {
  it('upper-cases the code and refuses spaces in it', () => {
    const address = {
      street: 'Av. Recursos Hidráulicos',
      external_number: '8',
      neighborhood: 'La Loma',
      city: 'Tultitlán',
      municipality: 'Tultitlán',
      state: 'Estado de México',
      zip: '54060',
    };
    const warehouse = { name: 'CEDIS', address, contact_phone: '5558994310' };
    expect(warehouseSchema.parse({ ...warehouse, code: 'cedis-mex' }).code).toBe('CEDIS-MEX');
    const spaced = warehouseSchema.safeParse({ ...warehouse, code: 'cedis mex' });
    expect(spaced.error?.issues.map((issue) => issue.path)).toEqual([['code']]);
  });
});
