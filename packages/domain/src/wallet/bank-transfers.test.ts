import { describe, expect, it } from 'vitest';
import { bankReference } from './bank-transfers';

describe('bank reference', () => {
  it('is the operation date, the sending bank and the tracking key', () => {
    expect(bankReference('2026-03-02', '012', 'mban01')).toBe('20260302-012-MBAN01');
  });
});
