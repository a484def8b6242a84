import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors';
import {
  cancellationDeadline,
  cancellationRefusal,
  refundDueBy,
  type CancellableGuide,
} from './cancellation';

const createdAt = new Date('2026-03-02T16:00:00Z');
const guide: CancellableGuide = { createdAt, status: 'created', cancellationRequested: false };
const after = (hours: number, minutes = 0) =>
  new Date(createdAt.getTime() + (hours * 60 + minutes) * 60 * 1000);

describe('cancellationRefusal', () => {
  it('allows cancelling an unused guide until just before 73 hours', () => {
    expect(cancellationDeadline(createdAt)).toEqual(new Date('2026-03-05T17:00:00Z'));
    expect(cancellationRefusal(guide, createdAt)).toBeNull();
    expect(cancellationRefusal(guide, after(72, 59))).toBeNull();
    expect(cancellationRefusal(guide, new Date(after(73).getTime() - 1))).toBeNull();
  });

  it('refuses from 73:00 on', () => {
    expect(cancellationRefusal(guide, after(73))).toBe('CANCELLATION_WINDOW_EXPIRED');
    expect(cancellationRefusal(guide, after(200))).toBe('CANCELLATION_WINDOW_EXPIRED');
  });

  it('refuses a guide the carrier has scanned, even within the window', () => {
    for (const status of ['collected', 'delivered', 'delayed'] as const) {
      expect(cancellationRefusal({ ...guide, status }, after(1)), status).toBe(
        'GUIDE_ALREADY_USED',
      );
    }
  });

  it('refuses a guide already cancelled or whose cancellation is under way', () => {
    expect(cancellationRefusal({ ...guide, status: 'cancelled' }, after(1))).toBe(
      'GUIDE_ALREADY_CANCELLED',
    );
    expect(cancellationRefusal({ ...guide, cancellationRequested: true }, after(1))).toBe(
      'GUIDE_ALREADY_CANCELLED',
    );
    expect(cancellationRefusal({ ...guide, status: 'cancelled' }, after(100))).toBe(
      'GUIDE_ALREADY_CANCELLED',
    );
  });

  it('answers codes of the error catalogue, in both languages', () => {
    for (const code of [
      'CANCELLATION_WINDOW_EXPIRED',
      'GUIDE_ALREADY_USED',
      'GUIDE_ALREADY_CANCELLED',
    ] as const) {
      expect(ERRORS[code].status).toBe(409);
      expect(ERRORS[code].es).not.toBe(ERRORS[code].en);
    }
  });
});

describe('refundDueBy', () => {
  it('counts 7 business days from the Mexico City day of the request', () => {
    // Monday 2 March 2026 → Wednesday 11 March (the holiday of 16 March is after it).
    expect(refundDueBy(new Date('2026-03-02T16:00:00Z'))).toBe('2026-03-11');
    // Thursday 12 March → Tuesday 24 March, skipping the weekends and Monday 16 March.
    expect(refundDueBy(new Date('2026-03-12T16:00:00Z'))).toBe('2026-03-24');
  });

  it('uses the Mexico City day, not the UTC one', () => {
    // 23:30 on Thursday 18 December 2025 in Mexico City is already Friday in UTC:
    // 19, 22, 23, 24, 26, 29, 30 December (the UTC day would give the 31st).
    expect(refundDueBy(new Date('2025-12-19T05:30:00Z'))).toBe('2025-12-30');
    expect(refundDueBy(new Date('2025-12-19T18:00:00Z'))).toBe('2025-12-31');
    // From Monday 22 December: 23, 24, 26, 29, 30, 31 December, 2 January.
    expect(refundDueBy(new Date('2025-12-22T18:00:00Z'))).toBe('2026-01-02');
  });
});
