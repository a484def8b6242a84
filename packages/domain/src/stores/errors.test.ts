import { describe, expect, it } from 'vitest';
import { STORES_ERRORS } from './errors';

describe('STORES_ERRORS', () => {
  it('answers a store that did not respond with 424, a refusal and never a 5xx', () => {
    expect(STORES_ERRORS.STORE_UNREACHABLE.status).toBe(424);
    for (const [code, definition] of Object.entries(STORES_ERRORS)) {
      expect(definition.status, code).toBeLessThan(500);
    }
  });
});
