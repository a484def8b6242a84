import { describe, expect, it } from 'vitest';
import { daysOf, mexicoCityDay, periodRanges } from './periods';

describe('dashboard periods', () => {
  it('takes the calendar day of Mexico City, not of UTC', () => {
    // 05:59 UTC is still the previous evening in Mexico City (UTC−6).
    expect(mexicoCityDay(new Date('2026-03-02T05:59:00Z'))).toBe('2026-03-01');
    expect(mexicoCityDay(new Date('2026-03-02T06:00:00Z'))).toBe('2026-03-02');
  });

  it('compares each period with the equal one just before it', () => {
    expect(periodRanges('today', '2026-03-01')).toEqual({
      period: 'today',
      current: { from: '2026-03-01', to: '2026-03-01' },
      previous: { from: '2026-02-28', to: '2026-02-28' },
    });
    expect(periodRanges('7d', '2026-03-02')).toMatchObject({
      current: { from: '2026-02-24', to: '2026-03-02' },
      previous: { from: '2026-02-17', to: '2026-02-23' },
    });
    expect(periodRanges('30d', '2026-03-02')).toMatchObject({
      current: { from: '2026-02-01', to: '2026-03-02' },
      previous: { from: '2026-01-02', to: '2026-01-31' },
    });
  });

  it('compares this month so far with the same days of the previous month', () => {
    expect(periodRanges('month', '2026-03-14')).toMatchObject({
      current: { from: '2026-03-01', to: '2026-03-14' },
      previous: { from: '2026-02-01', to: '2026-02-14' },
    });
    // February is shorter: its last day ends the comparison; January wraps to December.
    expect(periodRanges('month', '2026-03-31').previous).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodRanges('month', '2026-01-05').previous).toEqual({
      from: '2025-12-01',
      to: '2025-12-05',
    });
  });

  it('lists every day of a range', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
