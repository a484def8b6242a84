import { describe, expect, it } from 'vitest';
import { incomingTaken, lineStockStatus, missingProductData, statusOfCounts } from './rules';

const complete = {
  weight: 0.5,
  length: 20,
  width: 15,
  height: 5,
  sat_product_code: '53101600',
  sat_unit_code: 'H87',
  barcode: '7501000000017',
};

describe('entry rules', () => {
  it('names each piece of product data a warehouse needs and lacks', () => {
    expect(missingProductData(complete)).toEqual([]);
    expect(missingProductData({ ...complete, height: null, sat_unit_code: null })).toEqual([
      'dimensions',
      'sat_keys',
    ]);
    expect(missingProductData({ ...complete, weight: 0, barcode: '' })).toEqual([
      'weight',
      'barcode',
    ]);
  });

  it('gives a line no definition until counted, pending under review or incident, then stock', () => {
    expect(lineStockStatus({ received: 0, not_sellable: 0, open_incidents: 1 })).toBe(
      'no_definition',
    );
    expect(lineStockStatus({ received: 3, not_sellable: 1, open_incidents: 0 })).toBe('pending');
    expect(lineStockStatus({ received: 3, not_sellable: 0, open_incidents: 1 })).toBe('pending');
    expect(lineStockStatus({ received: 3, not_sellable: 0, open_incidents: 0 })).toBe('stock');
  });

  it('takes off incoming at most what the line still expects', () => {
    expect(incomingTaken(10, 0, 4)).toBe(4);
    expect(incomingTaken(10, 8, 5)).toBe(2);
    expect(incomingTaken(10, 12, 3)).toBe(0);
  });

  it('is pending until counted, partial while a line is short, received when all are complete', () => {
    expect(statusOfCounts([{ expected: 2, received: 0 }])).toBe('pending');
    expect(
      statusOfCounts([
        { expected: 2, received: 2 },
        { expected: 3, received: 1 },
      ]),
    ).toBe('partial');
    expect(
      statusOfCounts([
        { expected: 2, received: 3 },
        { expected: 3, received: 3 },
      ]),
    ).toBe('received');
  });
});
