import { describe, expect, it } from 'vitest';
import { CARRIER_KEYS } from '../carriers/catalog';
import { localizeIssues } from '../validation';
import {
  PICKUP_RULES,
  nextPickupSlot,
  pickupAvailability,
  pickupChangeRefusal,
  pickupTimeRangeSchema,
} from './pickups';

/** An instant given as Mexico City wall-clock time (UTC−6 all year since 2022). */
const mx = (local: string) => new Date(`${local}:00-06:00`);

const dates = (days: { date: string }[]) => days.map((day) => day.date);

describe('pickupAvailability', () => {
  it('moves a Friday request after the cut-off to Monday', () => {
    const days = pickupAvailability('estafeta', mx('2026-01-09T12:30'));
    expect(dates(days)).toEqual(['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15']);
    expect(days[0]!.windows).toEqual([
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ]);
    expect(nextPickupSlot('estafeta', mx('2026-01-09T12:30'))).toEqual({
      date: '2026-01-12',
      start: '09:00',
      end: '13:00',
    });
  });

  it('still offers today at the cut-off minute, not one minute later', () => {
    expect(pickupAvailability('estafeta', mx('2026-01-09T12:00'))[0]).toEqual({
      date: '2026-01-09',
      windows: [{ start: '13:30', end: '18:00' }],
    });
    expect(pickupAvailability('estafeta', mx('2026-01-09T12:01'))[0]!.date).toBe('2026-01-12');
  });

  it('uses the later cut-off and windows of 99minutos', () => {
    const days = pickupAvailability('99minutos', mx('2026-01-09T15:00'));
    expect(days[0]).toEqual({ date: '2026-01-09', windows: [{ start: '16:00', end: '20:00' }] });
    expect(pickupAvailability('estafeta', mx('2026-01-09T15:00'))[0]!.date).toBe('2026-01-12');
  });

  it('offers a window whole only with the carrier’s notice before it starts', () => {
    // Estafeta needs 90 minutes: at 07:30 the 09:00 window is whole, at 07:31 it is shortened.
    expect(pickupAvailability('estafeta', mx('2026-01-09T07:30'))[0]!.windows[0]).toEqual({
      start: '09:00',
      end: '13:00',
    });
    expect(pickupAvailability('estafeta', mx('2026-01-09T07:31'))[0]!.windows[0]).toEqual({
      start: '09:15',
      end: '13:00',
    });
  });

  it('keeps a window under way only while an hour of it is left after the notice', () => {
    // 10:00 + 90 minutes: the morning window is offered from 11:30.
    expect(pickupAvailability('estafeta', mx('2026-01-09T10:00'))[0]!.windows).toEqual([
      { start: '11:30', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ]);
    // 10:30 + 90 minutes leaves exactly the hour 12:00–13:00.
    expect(pickupAvailability('estafeta', mx('2026-01-09T10:30'))[0]!.windows[0]).toEqual({
      start: '12:00',
      end: '13:00',
    });
    // 10:31 + 90 minutes, rounded up to 12:15, leaves less than an hour.
    expect(pickupAvailability('estafeta', mx('2026-01-09T10:31'))[0]!.windows).toEqual([
      { start: '13:00', end: '18:00' },
    ]);
  });

  it('skips the Revolution Day holiday, the third Monday of November', () => {
    const fridayAfterCutoff = pickupAvailability('fedex', mx('2026-11-13T14:00'));
    expect(dates(fridayAfterCutoff)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    const onTheHoliday = pickupAvailability('fedex', mx('2026-11-16T08:00'));
    expect(dates(onTheHoliday)[0]).toBe('2026-11-17');
    expect(dates(onTheHoliday)).not.toContain('2026-11-16');
    expect(onTheHoliday).toHaveLength(5);
  });

  it('skips Christmas and New Year', () => {
    expect(dates(pickupAvailability('dhl_express', mx('2025-12-24T15:00')))).toEqual([
      '2025-12-26',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
    ]);
    // 23:30 on 31 December in Mexico City is still 31 December, past every cut-off.
    expect(dates(pickupAvailability('99minutos', new Date('2026-01-01T05:30:00Z')))).toEqual([
      '2026-01-02',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(nextPickupSlot('redpack', mx('2025-12-25T09:00'))).toEqual({
      date: '2025-12-26',
      start: '10:00',
      end: '14:00',
    });
  });

  it('answers nothing once the horizon is used up', () => {
    expect(pickupAvailability('estafeta', mx('2026-01-09T12:30'), 1)).toEqual([]);
    expect(nextPickupSlot('estafeta', mx('2026-01-09T12:30'), undefined, 1)).toBeNull();
    expect(pickupAvailability('estafeta', mx('2026-01-09T08:00'), 0)).toEqual([]);
  });

  it('lets every carrier book the same day when asked at its cut-off', () => {
    for (const carrier of CARRIER_KEYS) {
      const now = mx(`2026-01-09T${PICKUP_RULES[carrier].cutoff}`);
      expect(pickupAvailability(carrier, now)[0]!.date, carrier).toBe('2026-01-09');
    }
  });
});

describe('nextPickupSlot', () => {
  it('books the preferred range on the first day with a window that holds it', () => {
    expect(
      nextPickupSlot('estafeta', mx('2026-01-09T07:00'), { start: '10:00', end: '12:00' }),
    ).toEqual({ date: '2026-01-09', start: '10:00', end: '12:00' });
    // At 10:00 today's morning window starts at 11:30, so 10:00–12:00 waits for Monday.
    expect(
      nextPickupSlot('estafeta', mx('2026-01-09T10:00'), { start: '10:00', end: '12:00' }),
    ).toEqual({ date: '2026-01-12', start: '10:00', end: '12:00' });
  });

  it('finds nothing for a range no single window holds', () => {
    const now = mx('2026-01-09T07:00');
    expect(nextPickupSlot('estafeta', now, { start: '12:00', end: '14:00' })).toBeNull();
    expect(nextPickupSlot('estafeta', now, { start: '18:00', end: '20:00' })).toBeNull();
    expect(nextPickupSlot('99minutos', now, { start: '18:00', end: '20:00' })).toEqual({
      date: '2026-01-09',
      start: '18:00',
      end: '20:00',
    });
  });

  it('takes the first window offered without a preference', () => {
    // FedEx needs 120 minutes: at 10:00 the morning window is cut to its last hour.
    expect(nextPickupSlot('fedex', mx('2026-01-09T10:00'))).toEqual({
      date: '2026-01-09',
      start: '12:00',
      end: '13:00',
    });
    expect(nextPickupSlot('fedex', mx('2026-01-09T10:01'))).toEqual({
      date: '2026-01-09',
      start: '13:00',
      end: '18:00',
    });
  });
});

describe('pickupTimeRangeSchema', () => {
  const fields = (input: unknown, language: 'es' | 'en' = 'es') => {
    const result = pickupTimeRangeSchema.safeParse(input);
    return result.success ? {} : localizeIssues(result.error.issues, language);
  };

  it('accepts an hour or more within 08:00–20:00', () => {
    expect(fields({ start: '08:00', end: '09:00' })).toEqual({});
    expect(fields({ start: '09:30', end: '20:00' })).toEqual({});
  });

  it('asks for HH:MM times', () => {
    expect(fields({ start: '9:00', end: '24:00' })).toEqual({
      start: 'Escribe la hora como HH:MM, por ejemplo 09:30.',
      end: 'Escribe la hora como HH:MM, por ejemplo 09:30.',
    });
    expect(fields({ end: '10:00' }, 'en')).toEqual({ start: 'This field is required.' });
  });

  it('keeps pickups within the pickup hours', () => {
    expect(fields({ start: '07:45', end: '09:00' })).toEqual({
      start: 'Las recolecciones son entre las 08:00 y las 20:00.',
    });
    expect(fields({ start: '19:00', end: '20:15' }, 'en')).toEqual({
      end: 'Pickups are between 08:00 and 20:00.',
    });
  });

  it('needs at least 60 minutes, end after start', () => {
    expect(fields({ start: '09:00', end: '09:59' }, 'en')).toEqual({
      end: 'The end time must be at least 60 minutes after the start time.',
    });
    expect(fields({ start: '12:00', end: '10:00' }).end).toMatch(/al menos 60 minutos/);
  });

  it('holds every carrier window', () => {
    for (const carrier of CARRIER_KEYS) {
      for (const window of PICKUP_RULES[carrier].windows) {
        expect(pickupTimeRangeSchema.safeParse(window).success, carrier).toBe(true);
      }
    }
  });
});

describe('pickupChangeRefusal', () => {
  const requested = { status: 'requested', date: '2026-01-09', carrier_key: 'estafeta' } as const;

  it('lets a requested pickup change until its day’s cut-off, to the minute', () => {
    expect(pickupChangeRefusal(requested, mx('2026-01-08T18:00'))).toBeNull();
    expect(pickupChangeRefusal(requested, mx('2026-01-09T12:00'))).toBeNull();
    expect(pickupChangeRefusal(requested, mx('2026-01-09T12:01'))).toBe(
      'PICKUP_CHANGE_CUTOFF_PASSED',
    );
    expect(pickupChangeRefusal(requested, mx('2026-01-12T08:00'))).toBe(
      'PICKUP_CHANGE_CUTOFF_PASSED',
    );
    // 99minutos takes same-day changes until 16:00.
    expect(
      pickupChangeRefusal({ ...requested, carrier_key: '99minutos' }, mx('2026-01-09T15:30')),
    ).toBeNull();
  });

  it('refuses a pickup cancelled or already made, whatever the day', () => {
    const early = mx('2026-01-05T09:00');
    expect(pickupChangeRefusal({ ...requested, status: 'cancelled' }, early)).toBe(
      'PICKUP_ALREADY_CANCELLED',
    );
    expect(pickupChangeRefusal({ ...requested, status: 'collected' }, early)).toBe(
      'PICKUP_ALREADY_COLLECTED',
    );
  });
});
