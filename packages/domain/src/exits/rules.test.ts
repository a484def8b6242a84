import { describe, expect, it } from 'vitest';
import { exitCreateSchema, exitProcessSchema } from './schemas';
import { canMoveExit, linesToProcess } from './rules';

const variant = '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const other = '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const valid = {
  warehouse_id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  destination: { kind: 'location', location_id: '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b' },
  lines: [{ variant_id: variant, quantity: 2 }],
};

describe('exits rules', () => {
  it('moves created → processing → shipped, cancels before shipping, never leaves a final state', () => {
    expect(canMoveExit('created', 'processing')).toBe(true);
    expect(canMoveExit('processing', 'shipped')).toBe(true);
    expect(canMoveExit('created', 'cancelled')).toBe(true);
    expect(canMoveExit('processing', 'cancelled')).toBe(true);
    expect(canMoveExit('created', 'shipped')).toBe(false);
    expect(canMoveExit('shipped', 'cancelled')).toBe(false);
    expect(canMoveExit('cancelled', 'processing')).toBe(false);
  });

  it('processes the lines with the quantities given and drops those at 0', () => {
    const lines = [
      { variant_id: variant, quantity: 2 },
      { variant_id: other, quantity: 5 },
    ];
    expect(linesToProcess(lines, [{ variant_id: other, quantity: 0 }])).toEqual([
      { variant_id: variant, quantity: 2 },
    ]);
    expect(linesToProcess(lines, [{ variant_id: variant, quantity: 1 }])).toEqual([
      { variant_id: variant, quantity: 1 },
      { variant_id: other, quantity: 5 },
    ]);
  });
});

describe('exit schemas', () => {
  it('accepts an exit to a location or a customer address', () => {
    expect(exitCreateSchema.safeParse(valid).success).toBe(true);
    const toCustomer = {
      ...valid,
      destination: { kind: 'customer', customer_id: variant, address_id: other },
    };
    expect(exitCreateSchema.safeParse(toCustomer).success).toBe(true);
  });

  it('refuses no lines, a duplicate variant and a quantity of 0 at creation', () => {
    const issues = (input: object) =>
      exitCreateSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ ...valid, lines: [] })).toHaveLength(1);
    expect(
      issues({
        ...valid,
        lines: [
          { variant_id: variant, quantity: 1 },
          { variant_id: variant, quantity: 2 },
        ],
      }),
    ).toEqual(['no_duplicates']);
    expect(
      exitCreateSchema.safeParse({ ...valid, lines: [{ variant_id: variant, quantity: 0 }] })
        .success,
    ).toBe(false);
  });

  it('lets a line be set to 0 when the exit is sent', () => {
    expect(
      exitProcessSchema.parse({ quantities: [{ variant_id: variant, quantity: 0 }] }).quantities,
    ).toEqual([{ variant_id: variant, quantity: 0 }]);
    expect(exitProcessSchema.parse({}).quantities).toEqual([]);
  });
});
