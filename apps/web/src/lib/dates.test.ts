import { describe, expect, it, vi } from 'vitest';
import { dateFormat } from './dates';

const named = (text: string, zone: string) => `${text} [${zone}]`;
// 05:30Z on March 1st: 23:30 on February 28th in Mexico City, 21:30 in Tijuana.
const INSTANT = '2026-03-01T05:30:00.000Z';

describe('dateFormat', () => {
  it('writes an instant in the given zone, day first and 24-hour, in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const mexico = dateFormat('America/Mexico_City', language, named);
      expect(mexico.date(INSTANT)).toBe('28/02/2026');
      expect(mexico.dateTime(INSTANT)).toBe('28/02/2026, 23:30');
      expect(mexico.dateTime(INSTANT, { seconds: true })).toBe('28/02/2026, 23:30:00');
      expect(mexico.time(INSTANT)).toBe('23:30');
      expect(dateFormat('America/Tijuana', language, named).dateTime(INSTANT)).toBe(
        '28/02/2026, 21:30',
      );
    }
  });

  it('names the zone where the time matters, the organization’s or the one given', () => {
    const tijuana = dateFormat('America/Tijuana', 'es', named);
    expect(tijuana.timeWithZone(INSTANT)).toBe('21:30 [America/Tijuana]');
    expect(tijuana.dateTimeWithZone(INSTANT)).toBe('28/02/2026, 21:30 [America/Tijuana]');
    expect(tijuana.withZone('Horario', 'America/Mexico_City')).toBe(
      'Horario [America/Mexico_City]',
    );
  });

  it('writes calendar days as they are, with their weekday in the language', () => {
    const es = dateFormat('America/Tijuana', 'es', named);
    expect(es.day('2026-03-05')).toBe('05/03/2026');
    expect(es.weekday('2026-03-05')).toBe('jueves');
    expect(dateFormat('America/Tijuana', 'en', named).weekday('2026-03-05')).toBe('Thursday');
    expect(es.date(null)).toBe('—');
    expect(es.dateTime(null)).toBe('—');
  });

  it('knows today in the zone, not the browser’s', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(INSTANT) });
    try {
      expect(dateFormat('America/Cancun', 'es', named).today()).toBe('2026-03-01');
      expect(dateFormat('America/Mexico_City', 'es', named).today()).toBe('2026-02-28');
    } finally {
      vi.useRealTimers();
    }
  });
});
