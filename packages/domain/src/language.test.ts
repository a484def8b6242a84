import { describe, expect, it } from 'vitest';
import { interpolate, parseLanguage } from './language';
import { errorMessage } from './errors';

describe('language', () => {
  it('reads x-language, defaulting to Spanish', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('en-US')).toBe('en');
    expect(parseLanguage('fr')).toBe('es');
    expect(parseLanguage(undefined)).toBe('es');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('en {seconds} s {x}', { seconds: 42 })).toBe('en 42 s {x}');
    expect(errorMessage('RESEND_TOO_EARLY', 'en', { seconds: 30 })).toBe(
      'You can request another code in 30 seconds.',
    );
  });

  it('uses the catalogue texts of spec §8', () => {
    expect(errorMessage('INSUFFICIENT_BALANCE', 'en')).toBe('Insufficient balance to make payment');
    expect(errorMessage('SESSION_EXPIRED', 'en')).toBe(
      'Your session has expired, please log in again.',
    );
  });
});
