import { describe, expect, it } from 'vitest';
import { describeTransaction, isTransactionDescriptionCode } from './descriptions';

describe('describeTransaction', () => {
  it('translates the payment method, in each language', () => {
    const card = { code: 'deposit', params: { method: 'card' } } as const;
    expect(describeTransaction(card, 'es')).toBe('Depósito con tarjeta');
    expect(describeTransaction(card, 'en')).toBe('Deposit by card');
  });

  it("names the carrier as it is and the service as the catalogue names it in the reader's language", () => {
    const guide = {
      code: 'guide_purchase',
      params: { carrier: 'paquetexpress', service: 'estandar' },
    } as const;
    expect(describeTransaction(guide, 'es')).toBe('Guía Paquetexpress Estándar');
    expect(describeTransaction(guide, 'en')).toBe('Guide Paquetexpress Standard');
  });

  it('keeps a key the catalogue no longer knows rather than failing', () => {
    const retired = {
      code: 'guide_purchase',
      params: { carrier: 'palomas', service: 'vuelo' },
    } as const;
    expect(describeTransaction(retired, 'en')).toBe('Guide palomas vuelo');
  });

  it('puts references in as they are', () => {
    const spei = { code: 'deposit_spei', params: { tracking_key: 'MBAN0100' } } as const;
    expect(describeTransaction(spei, 'en')).toBe('SPEI deposit MBAN0100');
    const cancelled = { code: 'guide_cancellation', params: { tracking_number: '7710' } } as const;
    expect(describeTransaction(cancelled, 'es')).toBe('Cancelación de la guía 7710');
    expect(describeTransaction(cancelled, 'en')).toBe('Cancellation of guide 7710');
    const refund = { code: 'deposit_card_refund', params: { card: 'Visa •••• 4242' } } as const;
    expect(describeTransaction(refund, 'es')).toBe('Reembolso a la tarjeta Visa •••• 4242');
    expect(describeTransaction(refund, 'en')).toBe('Refund to card Visa •••• 4242');
  });

  it('tells a known code from any other string', () => {
    expect(isTransactionDescriptionCode('deposit_spei')).toBe(true);
    expect(isTransactionDescriptionCode('toString')).toBe(false);
  });
});
