import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import {
  cardBrand,
  cardDepositSchema,
  cardDetailsSchema,
  cardExpired,
  groupCardDigits,
  luhnValid,
  parseCardExpiry,
  SANDBOX_TEST_CARDS,
} from './card-payments';

const now = () => new Date('2026-03-02T16:00:00Z');

describe('card numbers', () => {
  it('every documented test card passes the Luhn check and has its brand', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(cardBrand(card.number)).toBe(card.brand);
    }
  });

  it('refuses a number whose check digit is wrong', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('tells brands apart by their first digits', () => {
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('unknown');
  });

  it('groups digits by four for the screen', () => {
    expect(groupCardDigits('4242424242424242')).toBe('4242 4242 4242 4242');
  });
});

describe('card expiry', () => {
  it('reads MM/AA and MM/AAAA', () => {
    expect(parseCardExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry(' 3 / 2027 ')).toEqual({ month: 3, year: 2027 });
    expect(parseCardExpiry('13/30')).toBeNull();
    expect(parseCardExpiry('1230')).toBeNull();
  });

  it('a card is good through the last day of its month', () => {
    expect(cardExpired({ month: 3, year: 2026 }, now())).toBe(false);
    expect(cardExpired({ month: 2, year: 2026 }, now())).toBe(true);
  });
});

describe('the card element form', () => {
  const schema = cardDetailsSchema(now);

  it('answers digits only and the parsed expiry', () => {
    expect(
      schema.parse({
        card_number: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
        holder_name: ' Ana Prueba ',
      }),
    ).toEqual({
      card_number: '4242424242424242',
      expiry: { month: 12, year: 2030 },
      cvc: '123',
      holder_name: 'Ana Prueba',
    });
  });

  it('names every wrong field in Spanish and English', () => {
    const result = schema.safeParse({
      card_number: '4242 4242 4242 4241',
      expiry: '01/26',
      cvc: '12',
      holder_name: '',
    });
    expect(result.success).toBe(false);
    expect(localizeIssues(result.error!.issues, 'es')).toEqual({
      card_number: 'Revisa el número de la tarjeta: no es válido.',
      expiry: 'La tarjeta está vencida.',
      cvc: 'El código de seguridad tiene 3 o 4 dígitos.',
      holder_name: 'Este campo es obligatorio.',
    });
    expect(localizeIssues(result.error!.issues, 'en').expiry).toBe('The card has expired.');
  });
});

describe('the card deposit request', () => {
  it('takes pesos as centavos and refuses an amount the small-deposit fee would swallow', () => {
    expect(cardDepositSchema.parse({ amount: '300', token: 'tok_sandbox_abcdefgh' })).toEqual({
      amount: 30_000,
      token: 'tok_sandbox_abcdefgh',
    });
    const tooSmall = cardDepositSchema.safeParse({ amount: '14.50', token: 'tok_x' });
    expect(localizeIssues(tooSmall.error!.issues, 'en')).toEqual({
      amount: 'Below $500.00 a $14.50 fee is charged: the amount must be larger.',
      token: 'Enter the card details again.',
    });
    expect(cardDepositSchema.safeParse({ amount: '14.51', token: 'tok_x12345678' }).success).toBe(
      true,
    );
  });
});
