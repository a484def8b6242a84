import { describe, expect, it } from 'vitest';
import { perDay } from './chart-data';

describe('perDay', () => {
  it('gives every day of the period a row, zeros where a series had nothing', () => {
    const rows = [
      { day: '2026-03-01', carrier: 'fedex', count: 1 },
      { day: '2026-03-02', carrier: 'estafeta', count: 2 },
    ];
    const chart = perDay(
      rows,
      { from: '2026-02-28', to: '2026-03-02' },
      (row) => ({ name: row.carrier, label: row.carrier.toUpperCase() }),
      (row) => row.count,
    );
    expect(chart.series).toEqual([
      { name: 'fedex', label: 'FEDEX' },
      { name: 'estafeta', label: 'ESTAFETA' },
    ]);
    expect(chart.rows).toEqual([
      { day: '2026-02-28', fedex: 0, estafeta: 0 },
      { day: '2026-03-01', fedex: 1, estafeta: 0 },
      { day: '2026-03-02', fedex: 0, estafeta: 2 },
    ]);
  });

  it('has no series and zero rows’ values when nothing happened', () => {
    const chart = perDay(
      [],
      { from: '2026-03-02', to: '2026-03-02' },
      () => ({ name: 'x', label: 'x' }),
      () => 1,
    );
    expect(chart).toEqual({ rows: [{ day: '2026-03-02' }], series: [] });
  });
});
