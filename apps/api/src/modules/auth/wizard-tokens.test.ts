import { describe, expect, it } from 'vitest';
import { AccessTokens } from '../../platform/auth';
import { ManualClock } from '../../platform/clock';
import { WIZARD_TOKEN_TTL_SECONDS, WizardTokens } from './wizard-tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const USER_ID = '6f1c2d9e-8a57-4c1b-9d0e-3b2a1f4e5d6c';

describe('WizardTokens', () => {
  it('answers the user of a token it signed', async () => {
    const tokens = new WizardTokens(SECRET, new ManualClock());
    expect(await tokens.verify(await tokens.sign(USER_ID))).toBe(USER_ID);
  });

  it('expires after a day', async () => {
    const clock = new ManualClock();
    const tokens = new WizardTokens(SECRET, clock);
    const token = await tokens.sign(USER_ID);
    clock.advance(WIZARD_TOKEN_TTL_SECONDS * 1000 + 1000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses access tokens, other secrets and garbage', async () => {
    const clock = new ManualClock();
    const tokens = new WizardTokens(SECRET, clock);
    const access = await new AccessTokens(SECRET, 900).sign(
      {
        userId: USER_ID,
        organizationId: null,
        permissions: [],
        isStaff: false,
        sessionFamily: 'f',
      },
      clock.now(),
    );
    const foreign = await new WizardTokens(`${SECRET}-other`, clock).sign(USER_ID);
    for (const token of [access, foreign, 'garbage']) {
      await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    }
  });
});
