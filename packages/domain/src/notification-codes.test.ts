import { describe, expect, it } from 'vitest';
import * as groups from './notification-codes';
import { checkedNotification, notificationText } from './notifications/texts';

describe('notification codes', () => {
  it('declares each code in one domain only', () => {
    const codes = Object.values(groups).flatMap((group) => Object.keys(group));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('renders a code in each language from its parameters', () => {
    const content = { code: 'guide_cancelled', params: { tracking_number: 'TRK1' } } as const;
    expect(notificationText(content, 'es').body).toContain('guía TRK1');
    expect(notificationText(content, 'en').body).toContain('label TRK1');
  });

  it("refuses parameters the code's schema does not accept", () => {
    const wrong = { code: 'entry_received', params: { number: 'seven' } };
    expect(() => checkedNotification(wrong as never)).toThrow();
  });
});
