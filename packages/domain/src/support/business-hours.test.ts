import { describe, expect, it } from 'vitest';
import { businessMsBetween } from './business-hours';

const HOUR = 60 * 60 * 1000;
/** Mexico City is UTC−6 all year since 2022: 09:00 there is 15:00Z. */
const at = (iso: string) => new Date(iso);

describe('business hours (Mon–Fri 9:00–18:00, Mexico City)', () => {
  it.each([
    ['inside one day', '2026-03-02T16:00:00Z', '2026-03-02T18:00:00Z', 2 * HOUR],
    ['clipped to opening and closing', '2026-03-02T12:00:00Z', '2026-03-03T02:00:00Z', 9 * HOUR],
    ['over a weekend', '2026-03-06T23:00:00Z', '2026-03-09T16:00:00Z', 2 * HOUR],
    [
      'a rest day counts nothing (Benito Juárez, third Monday of March)',
      '2026-03-16T15:00:00Z',
      '2026-03-17T00:00:00Z',
      0,
    ],
    ['backwards is zero', '2026-03-02T18:00:00Z', '2026-03-02T16:00:00Z', 0],
    ['a whole business week', '2026-03-02T06:00:00Z', '2026-03-09T06:00:00Z', 45 * HOUR],
  ])('%s', (_name, from, to, expected) => {
    expect(businessMsBetween(at(from), at(to))).toBe(expected);
  });
});
