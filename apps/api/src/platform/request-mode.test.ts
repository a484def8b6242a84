import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { inMode, modeGuarded } from './request-mode';

/** A provider whose calls are counted: `charge` moves money, `publicConfig` only describes it. */
function provider(calls: string[]) {
  return {
    charge: async (amount: number) => (calls.push(`charge ${amount}`), 'charged'),
    publicConfig: () => ({ available: true }),
  };
}

describe('modeGuarded', () => {
  it('refuses a test-mode call to a live provider before it runs, and lets a live-mode one through', async () => {
    const calls: string[] = [];
    const live = modeGuarded(provider(calls), false, ['charge']);
    await expect(inMode('test', () => live.charge(100))).rejects.toEqual(
      new AppError('API_KEY_LIVE_PROVIDER_IN_TEST'),
    );
    expect(calls).toEqual([]);
    await expect(inMode('live', () => live.charge(200))).resolves.toBe('charged');
    // Outside any request (a job), nothing is test mode.
    await expect(live.charge(300)).resolves.toBe('charged');
    expect(calls).toEqual(['charge 200', 'charge 300']);
    // A method not named stays as it was, synchronous.
    expect(inMode('test', () => live.publicConfig())).toEqual({ available: true });
  });

  it('hands a sandbox back untouched: a test-mode call reaches it', async () => {
    const calls: string[] = [];
    const sandbox = provider(calls);
    expect(modeGuarded(sandbox, true)).toBe(sandbox);
    await expect(inMode('test', () => sandbox.charge(1))).resolves.toBe('charged');
  });
});
