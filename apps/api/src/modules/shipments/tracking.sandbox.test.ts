import { isBusinessDay, mexicoDate, mexicoTime } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import {
  isSandboxDelayed,
  mexicoInstant,
  sandboxTimeline,
  type SandboxGuide,
} from './tracking.sandbox';

// Monday 2 March 2026, 10:00 in Mexico City.
const MONDAY_10 = new Date('2026-03-02T16:00:00Z');

const numbers = Array.from({ length: 2000 }, (_, i) => `7${String(i).padStart(21, '0')}`);
const delayedNumber = numbers.find(isSandboxDelayed)!;
const punctualNumber = numbers.find((number) => !isSandboxDelayed(number))!;

const guide = (overrides: Partial<SandboxGuide> = {}): SandboxGuide => ({
  carrierKey: 'estafeta',
  trackingNumber: punctualNumber,
  transitDays: 2,
  originCity: 'Ciudad de México',
  destinationCity: 'Monterrey',
  ...overrides,
});

const codes = (events: { code: string }[]) => events.map((event) => event.code);

describe('sandbox tracking timeline', () => {
  it('turns a Mexico City wall-clock time into its instant', () => {
    expect(mexicoInstant('2026-03-02', '10:00').toISOString()).toBe('2026-03-02T16:00:00.000Z');
    // Before 2022 the zone kept summer time: the same wall clock was an hour earlier in UTC.
    expect(mexicoInstant('2021-07-01', '10:00').toISOString()).toBe('2021-07-01T15:00:00.000Z');
  });

  it('delays about 15% of guides, always the same ones', () => {
    const share = numbers.filter(isSandboxDelayed).length / numbers.length;
    expect(share).toBeGreaterThan(0.12);
    expect(share).toBeLessThan(0.18);
    expect(isSandboxDelayed(delayedNumber)).toBe(true);
    expect(isSandboxDelayed(punctualNumber)).toBe(false);
  });

  it('picks up in the first window offered and delivers after the transit business days', () => {
    const events = sandboxTimeline(guide(), MONDAY_10);
    expect(codes(events)).toEqual([
      'picked_up',
      'in_transit',
      'arrived_at_hub',
      'out_for_delivery',
      'delivered',
    ]);
    const times = events.map((event) => event.occurredAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Estafeta's first window today starts after 90 minutes' notice: 11:30.
    expect(mexicoDate(events[0]!.occurredAt)).toBe('2026-03-02');
    expect(mexicoTime(events[0]!.occurredAt) >= '11:30').toBe(true);
    expect(mexicoTime(events[0]!.occurredAt) < '13:00').toBe(true);
    const delivered = events.at(-1)!;
    expect(delivered).toMatchObject({ status: 'DELIVERED', location: 'Monterrey' });
    expect(mexicoDate(delivered.occurredAt)).toBe('2026-03-04');
    expect(events.slice(0, -1).every((event) => event.status === 'IN_TRANSIT')).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('skips weekends and holidays on the way', () => {
    // Friday 13 March after the cut-off: pickup Tuesday 17 (Monday 16 is Benito Juárez's day).
    const friday = new Date('2026-03-13T20:00:00Z');
    const events = sandboxTimeline(guide({ transitDays: 1 }), friday);
    expect(mexicoDate(events[0]!.occurredAt)).toBe('2026-03-17');
    expect(mexicoDate(events.at(-1)!.occurredAt)).toBe('2026-03-18');
    for (const event of events) expect(isBusinessDay(mexicoDate(event.occurredAt))).toBe(true);
  });

  it('gives a delayed guide a weather delay and one more business day', () => {
    const onTime = sandboxTimeline(guide({ trackingNumber: punctualNumber }), MONDAY_10);
    const late = sandboxTimeline(guide({ trackingNumber: delayedNumber }), MONDAY_10);
    expect(codes(late)).toEqual([
      'picked_up',
      'in_transit',
      'delayed_weather',
      'arrived_at_hub',
      'out_for_delivery',
      'delivered',
    ]);
    expect(mexicoDate(late.find((event) => event.code === 'delayed_weather')!.occurredAt)).toBe(
      mexicoDate(onTime.at(-1)!.occurredAt),
    );
    expect(mexicoDate(late.at(-1)!.occurredAt)).toBe('2026-03-05');
  });

  it('runs a same-day service within hours of the pickup', () => {
    const events = sandboxTimeline(guide({ carrierKey: '99minutos', transitDays: 0 }), MONDAY_10);
    expect(codes(events)).toEqual([
      'picked_up',
      'in_transit',
      'arrived_at_hub',
      'out_for_delivery',
      'delivered',
    ]);
    expect(mexicoDate(events.at(-1)!.occurredAt)).toBe(mexicoDate(events[0]!.occurredAt));
  });

  it('compresses the timeline by the time scale', () => {
    const real = sandboxTimeline(guide(), MONDAY_10);
    const fast = sandboxTimeline(guide(), MONDAY_10, 3600);
    real.forEach((event, i) => {
      const realOffset = event.occurredAt.getTime() - MONDAY_10.getTime();
      const fastOffset = fast[i]!.occurredAt.getTime() - MONDAY_10.getTime();
      expect(Math.abs(fastOffset - realOffset / 3600)).toBeLessThanOrEqual(1);
    });
  });
});
