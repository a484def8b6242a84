import { describe, expect, it } from 'vitest';
import { ERROR_GROUPS, ERRORS } from './errors';

describe('ERRORS', () => {
  it('has each code in one domain only, and every domain registered', () => {
    const codes = Object.values(ERROR_GROUPS).flatMap((group) => Object.keys(group));
    expect(codes.length).toBe(new Set(codes).size);
    expect(Object.keys(ERRORS).sort()).toEqual([...codes].sort());
  });

  it('gives every code a status and a message in Spanish and English', () => {
    for (const [code, definition] of Object.entries(ERRORS)) {
      expect(definition.status, code).toBeGreaterThanOrEqual(400);
      expect(definition.es.length, code).toBeGreaterThan(0);
      expect(definition.en.length, code).toBeGreaterThan(0);
    }
  });
});
