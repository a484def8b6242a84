import { describe, expect, it } from 'vitest';
import { luhnValid, SANDBOX_TEST_CARDS } from '@despacho/domain';
import { sandboxOutcome } from './card-payments.sandbox';

describe('the sandbox provider’s test cards', () => {
  it.each([
    ['4242424242424242', 'visa', 'approved'],
    ['5555555555554444', 'mastercard', 'approved'],
    ['4000000000000002', 'visa', 'card_declined'],
    ['4000000000009995', 'visa', 'insufficient_funds'],
    ['4000000000000069', 'visa', 'expired_card'],
  ])('%s is a %s card that answers %s', (number, brand, outcome) => {
    expect(luhnValid(number)).toBe(true);
    expect(sandboxOutcome(number)).toEqual({ brand, outcome });
  });

  it('documents exactly those five cards', () => {
    expect(SANDBOX_TEST_CARDS.map((card) => card.number)).toEqual([
      '4242424242424242',
      '5555555555554444',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
    ]);
  });

  it('declines any other valid card as a live card in test mode', () => {
    expect(sandboxOutcome('4111111111111111')).toEqual({
      brand: 'visa',
      outcome: 'test_mode_live_card',
    });
    expect(sandboxOutcome('378282246310005')).toEqual({
      brand: 'amex',
      outcome: 'test_mode_live_card',
    });
  });
});
