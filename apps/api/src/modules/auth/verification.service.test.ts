import { describe, expect, it } from 'vitest';
import { secondsUntilResend } from './verification.service';

describe('secondsUntilResend', () => {
  const sentAt = new Date('2026-03-02T16:00:00Z');
  const after = (ms: number) => new Date(sentAt.getTime() + ms);

  it('counts down the minute in whole seconds, rounding up', () => {
    expect(secondsUntilResend(sentAt, sentAt)).toBe(60);
    expect(secondsUntilResend(sentAt, after(59_500))).toBe(1);
    expect(secondsUntilResend(sentAt, after(60_000))).toBe(0);
    expect(secondsUntilResend(sentAt, after(600_000))).toBe(0);
  });
});
