import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  isBusinessDay,
  mexicanHolidays,
  mexicoDate,
  mexicoTime,
  nextBusinessDays,
} from './business-days';

describe('mexicanHolidays', () => {
  it('lists the rest days of 2025 and 2026, moving the Monday holidays', () => {
    expect(mexicanHolidays(2025)).toEqual([
      '2025-01-01',
      '2025-02-03',
      '2025-03-17',
      '2025-05-01',
      '2025-09-16',
      '2025-11-17',
      '2025-12-25',
    ]);
    expect(mexicanHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-16',
      '2026-05-01',
      '2026-09-16',
      '2026-11-16',
      '2026-12-25',
    ]);
  });

  it('adds 1 October only in the years a president takes office', () => {
    expect(mexicanHolidays(2024)).toContain('2024-10-01');
    expect(mexicanHolidays(2030)).toContain('2030-10-01');
    expect(mexicanHolidays(2036)).toContain('2036-10-01');
    expect(mexicanHolidays(2026)).not.toContain('2026-10-01');
    expect(mexicanHolidays(2029)).not.toContain('2029-10-01');
    expect(isBusinessDay('2030-10-01')).toBe(false);
    expect(isBusinessDay('2026-10-01')).toBe(true);
  });

  it('hands out a copy, so callers cannot change the memoised list', () => {
    mexicanHolidays(2027).push('2027-07-07');
    expect(mexicanHolidays(2027)).not.toContain('2027-07-07');
    expect(isBusinessDay('2027-07-07')).toBe(true);
  });
});

describe('Mexico City dates', () => {
  it('keeps 23:30 on New Year’s Eve in Mexico City (05:30Z) on 31 December', () => {
    const instant = new Date('2026-01-01T05:30:00Z');
    expect(mexicoDate(instant)).toBe('2025-12-31');
    expect(mexicoTime(instant)).toBe('23:30');
    expect(mexicoDate(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01');
    expect(mexicoTime(new Date('2026-01-01T06:00:00Z'))).toBe('00:00');
  });

  it('uses UTC−6 all year since daylight saving time was abolished in 2022', () => {
    expect(mexicoTime(new Date('2025-07-01T18:00:00Z'))).toBe('12:00');
    expect(mexicoTime(new Date('2025-12-01T18:00:00Z'))).toBe('12:00');
    // Summer 2021 still had daylight saving time (UTC−5).
    expect(mexicoTime(new Date('2021-07-01T18:00:00Z'))).toBe('13:00');
  });
});

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-01-02')).toBe(true); // Friday
    expect(isBusinessDay('2026-01-03')).toBe(false); // Saturday
    expect(isBusinessDay('2026-01-04')).toBe(false); // Sunday
    expect(isBusinessDay('2026-02-02')).toBe(false); // Constitution Day, a Monday
    expect(isBusinessDay('2026-02-03')).toBe(true);
  });

  it('counts the starting day only when asked and when it is a business day', () => {
    expect(nextBusinessDays('2026-01-02', 3, true)).toEqual([
      '2026-01-02',
      '2026-01-05',
      '2026-01-06',
    ]);
    expect(nextBusinessDays('2026-01-02', 3, false)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(nextBusinessDays('2026-01-03', 1, true)).toEqual(['2026-01-05']);
    expect(nextBusinessDays('2026-01-02', 0, true)).toEqual([]);
  });

  it('adds business days across Christmas and New Year', () => {
    expect(addBusinessDays('2025-12-24', 1)).toBe('2025-12-26');
    expect(addBusinessDays('2025-12-24', 2)).toBe('2025-12-29');
    expect(addBusinessDays('2025-12-24', 5)).toBe('2026-01-02');
  });

  it('adds business days across long weekends', () => {
    expect(addBusinessDays('2026-01-30', 1)).toBe('2026-02-03');
    expect(addBusinessDays('2026-11-13', 1)).toBe('2026-11-17');
    expect(addBusinessDays('2026-03-13', 2)).toBe('2026-03-18');
  });

  it('finds the 254 business days of 2026, then the first of 2027 after its holiday', () => {
    const days = nextBusinessDays('2026-01-01', 255, true);
    expect(days[0]).toBe('2026-01-02');
    expect(days[253]).toBe('2026-12-31');
    expect(days[254]).toBe('2027-01-04');
  });

  it('returns the day itself for zero days and rejects bad input', () => {
    expect(addBusinessDays('2026-01-03', 0)).toBe('2026-01-03');
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => isBusinessDay('2026-1-5')).toThrow(RangeError);
    expect(() => addBusinessDays('2026-01-05', -1)).toThrow(RangeError);
    expect(() => nextBusinessDays('2026-01-05', 1.5, true)).toThrow(RangeError);
  });
});
