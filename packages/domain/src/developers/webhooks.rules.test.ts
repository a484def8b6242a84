import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds } from './webhooks.rules';

describe('webhook retry schedule', () => {
  it('tries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then stops', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) =>
      webhookRetryDelaySeconds(i + 1),
    );
    expect(delays).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(webhookRetryDelaySeconds(WEBHOOK_MAX_ATTEMPTS + 1)).toBeNull();
  });
});
